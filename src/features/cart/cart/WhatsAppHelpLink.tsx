import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useGetShopInfoQuery } from '../../../services/ordersApi';
import { TAP_TARGET_PX } from '../../../theme/theme';

/** The shop's WhatsApp chat: wa.me takes the number in international form without '+'. */
export function whatsAppChatUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/**
 * 'Questions? Chat with us on WhatsApp', to the shop's own number: a quiet text link under the
 * payment panel, so it never competes with Make Payment. Help is an extra: while the shop's
 * details load (an empty row of the link's height), or if they cannot be had, no number is
 * shown rather than one that may be wrong.
 */
export default function WhatsAppHelpLink() {
  const { data: shop, isLoading } = useGetShopInfoQuery();
  // While the shop's details load, the link's row is kept, so its arrival moves nothing.
  if (isLoading) return <Box aria-hidden="true" sx={{ minHeight: TAP_TARGET_PX }} />;
  if (!shop?.whatsapp_number) return null;
  return (
    <Link
      href={whatsAppChatUrl(shop.whatsapp_number)}
      target="_blank"
      rel="noopener noreferrer"
      variant="body2"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        alignSelf: 'center',
        gap: 1,
        minHeight: TAP_TARGET_PX,
        fontWeight: 600,
      }}
    >
      <WhatsAppIcon fontSize="small" aria-hidden="true" />
      Questions? Chat with us on WhatsApp
    </Link>
  );
}
