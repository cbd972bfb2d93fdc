/** Built by its part of the back office. */
export default function TeamPage() {
  return null;
}
