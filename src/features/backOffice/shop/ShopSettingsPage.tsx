/** Built by its part of the back office. */
export default function ShopSettingsPage() {
  return null;
}
