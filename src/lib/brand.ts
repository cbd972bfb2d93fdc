import { SHOP_TITLE } from 'contract/titles';

/**
 * The shop's own details, shown in the footer, the contact page and the terms. The address,
 * phone and WhatsApp number are the owner's to change (GET /shop, components/useShopContact):
 * these are the shop's first values, shown until that answer is in.
 */
export const brand = {
  name: SHOP_TITLE,
  tagline: 'Groceries and general goods, delivered across Ibadan',
  legalName: 'Ibadan Market Online Ltd',
  address: 'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
  phone: '+234 803 000 1234',
  phoneHref: 'tel:+2348030001234',
  whatsappHref: 'https://wa.me/2348030001234',
  email: 'hello@ibadanmarket.ng',
  supportHours: 'Monday to Saturday, 8:00 to 18:00 (WAT)',
  social: [
    { name: 'Facebook', href: 'https://facebook.com/ibadanmarket' },
    { name: 'Instagram', href: 'https://instagram.com/ibadanmarket' },
    { name: 'X (Twitter)', href: 'https://x.com/ibadanmarket' },
    { name: 'WhatsApp', href: 'https://wa.me/2348030001234' },
  ],
} as const;
