import { brand } from '../lib/brand';
import { useGetShopInfoQuery } from '../services/ordersApi';

export interface ShopContact {
  address: string;
  /** As shown: +234 803 000 1234. */
  phone: string;
  phoneHref: string;
  whatsappHref: string;
}

/** 08030001234 (or 2348030001234) as +234 803 000 1234 and its tel: link. */
export function phoneShown(local: string): { phone: string; phoneHref: string } {
  const digits = local.replace(/\D/g, '');
  const national = digits.startsWith('234') ? digits.slice(3) : digits.replace(/^0/, '');
  if (!/^\d{10}$/.test(national)) return { phone: local, phoneHref: `tel:${digits}` };
  return {
    phone: `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    phoneHref: `tel:+234${national}`,
  };
}

/**
 * The shop's address, phone and WhatsApp link as the owner set them (GET /shop, which a
 * server-rendered page carries), and the shop's defaults until that answer is in.
 */
export function useShopContact(): ShopContact {
  const { data: shop } = useGetShopInfoQuery();
  if (!shop) {
    return {
      address: brand.address,
      phone: brand.phone,
      phoneHref: brand.phoneHref,
      whatsappHref: brand.whatsappHref,
    };
  }
  return {
    address: shop.address,
    ...phoneShown(shop.phone),
    whatsappHref: `https://wa.me/${shop.whatsapp_number}`,
  };
}
