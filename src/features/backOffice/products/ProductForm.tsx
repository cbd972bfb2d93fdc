import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateProductRequest, StaffProduct, UpdateProductRequest } from 'contract';
import type { VatClass } from 'contract/catalogueRules';
import {
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_STOCK,
  MAX_UNIT_LENGTH,
  VAT_CLASSES,
  VAT_CLASS_LABELS,
} from 'contract/catalogueRules';
import {
  AppForm,
  FormAlert,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { getErrorMessage, httpStatus } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  catalogueAdminApi,
  useCreateProductMutation,
  useUpdateProductMutation,
} from '../../../services/backOffice/catalogueAdminApi';
import { loadApi } from '../../../state/lazyApis';
import { nairaText } from './naira';
import { nairaOrNull } from 'contract/naira';
import SelectField from './SelectField';

loadApi(catalogueAdminApi);

export interface ProductValues {
  name: string;
  description: string;
  category: string;
  price: string;
  discount: string;
  stock: string;
  unit: string;
  vat_class: VatClass;
  low_stock_level: string;
}

export const PRODUCT_WORDS = {
  name: 'Give the product a name',
  category: 'Pick a category',
  price: 'Enter the price in naira, e.g. ₦2,300 or 2,300.00',
  pricePositive: 'The price must be above ₦0',
  discount: 'Enter the discount in naira, or leave it empty',
  discountBelow: 'The discount must be below the price',
  stock: `Stock is a whole number from 0 to ${MAX_STOCK.toLocaleString('en-NG')}`,
  lowStock: 'A whole number, or empty to not watch this product',
  ownerOnly: 'Only the shop owner can change prices and details. You can count its stock.',
} as const;

const wholeNumber = (text: string) => /^\d+$/.test(text.trim().replace(/,/g, ''));
const toWhole = (text: string) => Number(text.trim().replace(/,/g, ''));

export function productRules(values: ProductValues): Partial<Record<keyof ProductValues, string>> {
  const problems: Partial<Record<keyof ProductValues, string>> = {};
  if (values.name.trim() === '') problems.name = PRODUCT_WORDS.name;
  if (values.category === '') problems.category = PRODUCT_WORDS.category;
  const price = nairaOrNull(values.price);
  if (price === null) problems.price = PRODUCT_WORDS.price;
  else if (price <= 0) problems.price = PRODUCT_WORDS.pricePositive;
  if (values.discount.trim() !== '') {
    const discount = nairaOrNull(values.discount);
    if (discount === null || discount <= 0) problems.discount = PRODUCT_WORDS.discount;
    else if (price !== null && discount >= price) problems.discount = PRODUCT_WORDS.discountBelow;
  }
  if (!wholeNumber(values.stock) || toWhole(values.stock) > MAX_STOCK) {
    problems.stock = PRODUCT_WORDS.stock;
  }
  if (values.low_stock_level.trim() !== '' && !wholeNumber(values.low_stock_level)) {
    problems.low_stock_level = PRODUCT_WORDS.lowStock;
  }
  return problems;
}

export function valuesOf(product: StaffProduct | null): ProductValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    category: product?.category ?? '',
    price: nairaText(product?.price),
    discount: nairaText(product?.discount),
    stock: String(product?.stock ?? 0),
    unit: product?.unit ?? '',
    vat_class: product?.vat_class ?? 'exempt',
    low_stock_level: product?.low_stock_level == null ? '' : String(product.low_stock_level),
  };
}

/** The request the form's values make (checked by productRules first). */
function requestOf(values: ProductValues): CreateProductRequest {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    category: values.category,
    price: nairaOrNull(values.price) ?? 0,
    discount: values.discount.trim() === '' ? null : nairaOrNull(values.discount),
    stock: toWhole(values.stock),
    unit: values.unit.trim(),
    vat_class: values.vat_class,
    low_stock_level: values.low_stock_level.trim() === '' ? null : toWhole(values.low_stock_level),
  };
}

/** Only the fields that differ from the product as the form opened it. */
export function changesOf(
  product: StaffProduct,
  values: ProductValues,
): Omit<UpdateProductRequest, 'row_version'> {
  const next = requestOf(values);
  const changes: Record<string, unknown> = {};
  if (next.name !== product.name) changes.name = next.name;
  if (next.description !== product.description) changes.description = next.description;
  if (next.category !== product.category) changes.category = next.category;
  if (next.price !== product.price) changes.price = next.price;
  if ((next.discount ?? null) !== product.discount) changes.discount = next.discount ?? null;
  if (next.unit !== product.unit) changes.unit = next.unit;
  if (next.vat_class !== product.vat_class) changes.vat_class = next.vat_class;
  if ((next.low_stock_level ?? null) !== product.low_stock_level) {
    changes.low_stock_level = next.low_stock_level ?? null;
  }
  return changes;
}

const SERVER_FIELDS = {
  name: 'name',
  description: 'description',
  category: 'category',
  price: 'price',
  discount: 'discount',
  stock: 'stock',
  unit: 'unit',
  vat_class: 'vat_class',
  low_stock_level: 'low_stock_level',
} as const;

export interface ProductFormProps {
  /** The product being edited, or null for a new one. */
  product: StaffProduct | null;
  /** The category list's names, in order. */
  categories: readonly string[];
  /** Staff see every field read-only. */
  canEdit: boolean;
  onSaved: (product: StaffProduct) => void;
  /** Fetches the product again (after a stale save, to see the other person's change). */
  onReload?: () => void;
}

/**
 * The product's details. A new product takes its opening stock here; an existing one's
 * stock changes through the stock dialog (with a reason). A save names the version the
 * form started from: if someone saved in between, the server refuses (409), the form says
 * who and when, and keeps everything typed.
 */
export default function ProductForm({
  product,
  categories,
  canEdit,
  onSaved,
  onReload,
}: ProductFormProps) {
  const form = useAppForm<ProductValues>({
    defaultValues: valuesOf(product),
    rules: productRules,
  });
  // The version this form's values were started from; a save sends it.
  const startedFrom = useRef(product?.row_version ?? 0);
  const [stale, setStale] = useState<string | null>(null);
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const busy = creating.isLoading || updating.isLoading;
  const readOnly = !canEdit;
  // A category the list no longer holds still shows as chosen.
  const options =
    product && !categories.includes(product.category)
      ? [...categories, product.category]
      : categories;

  async function save(values: ProductValues) {
    if (busy) return;
    setStale(null);
    try {
      if (product === null) {
        const made = await create(requestOf(values)).unwrap();
        toast.success(`${made.name} added to the shop`);
        onSaved(made);
        return;
      }
      const changes = changesOf(product, values);
      if (Object.keys(changes).length === 0) {
        toast.info('Nothing to save: no field was changed');
        return;
      }
      const saved = await update({
        id: product.id,
        changes: { row_version: startedFrom.current, ...changes },
      }).unwrap();
      startedFrom.current = saved.row_version;
      form.reset(valuesOf(saved));
      toast.success(`${saved.name} saved`);
      onSaved(saved);
    } catch (error) {
      const words = getErrorMessage(error);
      if (httpStatus(error) === 409 && /changed this product/.test(words)) {
        setStale(words);
        return;
      }
      if (httpStatus(error) === 409 && /already in the catalogue/.test(words)) {
        form.showProblems({ fields: { name: words } });
        return;
      }
      form.showProblems(serverProblems(error, SERVER_FIELDS));
    }
  }

  return (
    <AppForm form={form} onSubmit={save} aria-label={product ? 'Product details' : 'New product'}>
      <Stack spacing={2}>
        {readOnly ? <Alert severity="info">{PRODUCT_WORDS.ownerOnly}</Alert> : null}
        {stale ? (
          <Alert
            severity="warning"
            action={
              onReload ? (
                <Button
                  color="inherit"
                  onClick={() => {
                    onReload();
                  }}
                >
                  See their change
                </Button>
              ) : undefined
            }
          >
            {stale} What you typed is still here.
          </Alert>
        ) : null}
        <FormAlert message={form.formError} />
        <FormTextField<ProductValues>
          name="name"
          label="Name"
          required
          disabled={readOnly}
          htmlInput={{ maxLength: MAX_PRODUCT_NAME_LENGTH }}
          hint={product ? `Its link stays /…?slug=${product.slug} whatever the name.` : undefined}
        />
        <SelectField<ProductValues>
          name="category"
          label="Category"
          required
          disabled={readOnly}
          options={options.map((name) => ({ value: name, label: name }))}
        />
        <Stack direction="row" spacing={1.5}>
          <FormTextField<ProductValues>
            name="price"
            label="Price"
            required
            disabled={readOnly}
            sx={{ flex: 1 }}
            htmlInput={{ inputMode: 'decimal', autoComplete: 'off' }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">₦</InputAdornment> },
            }}
          />
          <FormTextField<ProductValues>
            name="discount"
            label="Discount"
            disabled={readOnly}
            sx={{ flex: 1 }}
            hint="Naira off; empty for none"
            htmlInput={{ inputMode: 'decimal', autoComplete: 'off' }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">₦</InputAdornment> },
            }}
          />
        </Stack>
        <Stack direction="row" spacing={1.5}>
          <FormTextField<ProductValues>
            name="stock"
            label={product ? 'Stock on sale' : 'Stock'}
            disabled={readOnly || product !== null}
            sx={{ flex: 1 }}
            hint={product ? 'Change it with “Count or add stock”' : 'Units you have now'}
            htmlInput={{ inputMode: 'numeric' }}
          />
          <FormTextField<ProductValues>
            name="unit"
            label="Unit or pack size"
            disabled={readOnly}
            sx={{ flex: 1 }}
            hint="e.g. 10 kg, pack of 12"
            htmlInput={{ maxLength: MAX_UNIT_LENGTH }}
          />
        </Stack>
        <SelectField<ProductValues>
          name="vat_class"
          label="VAT"
          disabled={readOnly}
          options={VAT_CLASSES.map((v) => ({ value: v, label: VAT_CLASS_LABELS[v] }))}
        />
        <FormTextField<ProductValues>
          name="low_stock_level"
          label="Low-stock level"
          disabled={readOnly}
          hint="On the low-stock list at or below this; empty to not watch"
          htmlInput={{ inputMode: 'numeric' }}
        />
        <FormTextField<ProductValues>
          name="description"
          label="Description"
          multiline
          minRows={3}
          disabled={readOnly}
          htmlInput={{ maxLength: MAX_PRODUCT_DESCRIPTION_LENGTH }}
        />
        {product?.updated_by ? (
          <Typography variant="body2" color="text.secondary">
            {`Last saved by ${product.updated_by}`}
          </Typography>
        ) : null}
        {canEdit ? (
          <Button type="submit" variant="contained" disabled={busy}>
            {product ? 'Save changes' : 'Add product'}
          </Button>
        ) : null}
      </Stack>
    </AppForm>
  );
}
