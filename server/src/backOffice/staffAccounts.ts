/** The owner's staff accounts: invites, roles, disabling, the first owner's setup link, and the change log. */
import type { RoutePlugin } from '../context';

const staffAccountsRoutes: RoutePlugin = async () => {};

export default staffAccountsRoutes;
