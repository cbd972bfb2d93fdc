/** Built by its part of the back office. */
export default function CatalogueImportPage() {
  return null;
}
