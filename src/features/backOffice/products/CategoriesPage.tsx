/** Built by its part of the back office. */
export default function CategoriesPage() {
  return null;
}
