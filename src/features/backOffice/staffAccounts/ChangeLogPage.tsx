/** Built by its part of the back office. */
export default function ChangeLogPage() {
  return null;
}
