import { useEffect } from 'react';
import Button from '@mui/material/Button';
import type { StaffCategory } from 'contract';
import { MAX_CATEGORY_NAME_LENGTH } from 'contract/catalogueRules';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { toast } from '../../../lib/toast';
import {
  catalogueAdminApi,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
} from '../../../services/backOffice/catalogueAdminApi';
import { loadApi } from '../../../state/lazyApis';

loadApi(catalogueAdminApi);

interface CategoryValues {
  name: string;
}

export const CATEGORY_NAME_MISSING = 'Give the category a name';

function categoryRules({ name }: CategoryValues) {
  return name.trim() === '' ? { name: CATEGORY_NAME_MISSING } : {};
}

export interface CategoryDialogProps {
  open: boolean;
  /** The category to rename, or null to add one. */
  category: Pick<StaffCategory, 'id' | 'name' | 'products'> | null;
  onClose: () => void;
}

/** Adds a category, or renames one (its products follow the new name at once). */
export default function CategoryDialog({ open, category, onClose }: CategoryDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <CategoryForm category={category} onClose={onClose} />
    </FormDialog>
  );
}

function CategoryForm({ category, onClose }: Omit<CategoryDialogProps, 'open'>) {
  const form = useAppForm<CategoryValues>({
    defaultValues: { name: category?.name ?? '' },
    rules: categoryRules,
    mode: 'onSubmit',
  });
  const [create, creating] = useCreateCategoryMutation();
  const [update, updating] = useUpdateCategoryMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { focusFirst } = form;
  useEffect(() => {
    focusFirst(['name']);
  }, [focusFirst]);

  async function handleSubmit({ name }: CategoryValues) {
    if (busy) return;
    try {
      if (category === null) {
        const made = await create({ name: name.trim() }).unwrap();
        toast.success(`${made.name} added`);
      } else {
        const saved = await update({ id: category.id, changes: { name: name.trim() } }).unwrap();
        toast.success(`Renamed to ${saved.name}`);
      }
      onClose();
    } catch (error) {
      const problems = serverProblems(error, { name: 'name' });
      // "There is already a category called …" belongs beside the name.
      form.showProblems(
        problems.message && Object.keys(problems.fields).length === 0
          ? { fields: { name: problems.message } }
          : problems,
      );
    }
  }

  const renaming = category !== null;
  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title={renaming ? `Rename ${category.name}` : 'New category'}
      description={
        renaming
          ? `Its ${category.products} ${category.products === 1 ? 'product moves' : 'products move'} to the new name; the shop shows it at once.`
          : 'It shows in the shop once a product in it is in stock.'
      }
      onCancel={onClose}
      submit={
        <Button type="submit" variant="contained" disabled={busy}>
          {renaming ? 'Rename' : 'Add category'}
        </Button>
      }
    >
      <FormTextField<CategoryValues>
        name="name"
        label="Name"
        required
        htmlInput={{ maxLength: MAX_CATEGORY_NAME_LENGTH }}
      />
    </DialogForm>
  );
}
