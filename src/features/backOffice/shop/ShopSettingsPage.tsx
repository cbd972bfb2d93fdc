import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ShopSettings } from 'contract';
import {
  AppForm,
  FormAlert,
  FormTextField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { toast } from '../../../lib/toast';
import {
  shopSettingsApi,
  useGetShopSettingsQuery,
  useSaveShopSettingsMutation,
} from '../../../services/backOffice/shopSettingsApi';
import { loadApi } from '../../../state/lazyApis';
import { MAX_PAY_LATER_CAP_NAIRA, nairaOrNull } from 'contract/naira';
import { AMOUNT_PROBLEM, blank, NIGERIAN_MOBILE, PHONE_PROBLEM } from './shopWords';

loadApi(shopSettingsApi);

const TITLE = 'Shop details';

export interface SettingsValues {
  name: string;
  address: string;
  phone: string;
  whatsapp_number: string;
  pay_later_max_total: string;
  pay_later_first_order_max_total: string;
  pay_later_open_max_total: string;
}

export const SHOP_NAME_MISSING = "Enter the shop's name";
export const SHOP_ADDRESS_MISSING = "Enter the shop's address";
export const WHATSAPP_PROBLEM = 'Enter the WhatsApp number, e.g. 08030001234 or 2348030001234';
export const FIRST_ORDER_ABOVE =
  "The first order's limit cannot be above the limit for every order";

function settingsRules(v: SettingsValues) {
  const max = nairaOrNull(v.pay_later_max_total, MAX_PAY_LATER_CAP_NAIRA);
  const first = nairaOrNull(v.pay_later_first_order_max_total, MAX_PAY_LATER_CAP_NAIRA);
  return {
    name: blank(v.name) ? SHOP_NAME_MISSING : undefined,
    address: blank(v.address) ? SHOP_ADDRESS_MISSING : undefined,
    phone: NIGERIAN_MOBILE.test(v.phone.trim()) ? undefined : PHONE_PROBLEM,
    whatsapp_number: /^(\+?[1-9]\d{7,14}|0[789][01]\d{8})$/.test(v.whatsapp_number.trim())
      ? undefined
      : WHATSAPP_PROBLEM,
    pay_later_max_total: max === null ? AMOUNT_PROBLEM : undefined,
    pay_later_first_order_max_total:
      first === null ? AMOUNT_PROBLEM : max !== null && first > max ? FIRST_ORDER_ABOVE : undefined,
    pay_later_open_max_total:
      nairaOrNull(v.pay_later_open_max_total, MAX_PAY_LATER_CAP_NAIRA) === null
        ? AMOUNT_PROBLEM
        : undefined,
  };
}

const toValues = (s: ShopSettings): SettingsValues => ({
  name: s.name,
  address: s.address,
  phone: s.phone,
  whatsapp_number: s.whatsapp_number,
  pay_later_max_total: String(s.pay_later_max_total),
  pay_later_first_order_max_total: String(s.pay_later_first_order_max_total),
  pay_later_open_max_total: String(s.pay_later_open_max_total),
});

const FIELDS = {
  name: 'name',
  address: 'address',
  phone: 'phone',
  whatsapp_number: 'whatsapp_number',
  pay_later_max_total: 'pay_later_max_total',
  pay_later_first_order_max_total: 'pay_later_first_order_max_total',
  pay_later_open_max_total: 'pay_later_open_max_total',
} as const;

/** The shop's name, address, phones and pay-later limits: what shoppers and messages show. */
export default function ShopSettingsPage() {
  useDocumentTitle(TITLE);
  const { data, error, isError, refetch } = useGetShopSettingsQuery();
  return (
    <Stack spacing={2} sx={{ pb: 4 }}>
      <PageHeader
        title={TITLE}
        subtitle="The footer, the contact page, pickup and every message show these."
      />
      {data ? (
        <ShopSettingsForm settings={data} />
      ) : isError ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : (
        <QueryLoading />
      )}
    </Stack>
  );
}

export function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
  const form = useAppForm<SettingsValues>({
    defaultValues: toValues(settings),
    rules: settingsRules,
  });
  const [save, { isLoading }] = useSaveShopSettingsMutation();

  async function handleSubmit(v: SettingsValues) {
    if (isLoading) return;
    try {
      await save({
        name: v.name.trim(),
        address: v.address.trim(),
        phone: v.phone.trim(),
        whatsapp_number: v.whatsapp_number.trim(),
        pay_later_max_total: nairaOrNull(v.pay_later_max_total, MAX_PAY_LATER_CAP_NAIRA) ?? 0,
        pay_later_first_order_max_total:
          nairaOrNull(v.pay_later_first_order_max_total, MAX_PAY_LATER_CAP_NAIRA) ?? 0,
        pay_later_open_max_total:
          nairaOrNull(v.pay_later_open_max_total, MAX_PAY_LATER_CAP_NAIRA) ?? 0,
      }).unwrap();
      toast.success('Shop details saved');
    } catch (error) {
      form.showProblems(serverProblems(error, FIELDS));
    }
  }

  return (
    <AppForm form={form} onSubmit={handleSubmit} aria-label="Shop details">
      <Stack spacing={2}>
        <FormAlert message={form.formError} />
        <FormTextField<SettingsValues> name="name" label="Shop name" required />
        <FormTextField<SettingsValues>
          name="address"
          label="Shop address"
          required
          multiline
          minRows={2}
        />
        <PhoneField<SettingsValues> name="phone" label="Phone" required />
        <FormTextField<SettingsValues>
          name="whatsapp_number"
          label="WhatsApp number"
          type="tel"
          required
        />
        <FormTextField<SettingsValues>
          name="pay_later_max_total"
          label="Pay later: most per order (₦)"
          required
          htmlInput={{ inputMode: 'decimal' }}
        />
        <FormTextField<SettingsValues>
          name="pay_later_first_order_max_total"
          label="Pay later: most on a first order (₦)"
          required
          htmlInput={{ inputMode: 'decimal' }}
        />
        <FormTextField<SettingsValues>
          name="pay_later_open_max_total"
          label="Pay later: most unpaid at once (₦)"
          required
          htmlInput={{ inputMode: 'decimal' }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Save shop details
        </Button>
      </Stack>
    </AppForm>
  );
}
