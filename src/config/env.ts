/**
 * The only reader of build-time settings for the app. A build replaces STOREFRONT_SETTINGS
 * with the settings it read and checked (webpack.config.ts, settingDefinitions), so the
 * bundle carries plain values and none of the checking code; where no build ran (jest), the
 * environment is read and checked when this module loads.
 */
import { readSettings, type Settings } from './settings';

export type { ServiceName, Settings } from './settings';

declare const STOREFRONT_SETTINGS: Settings | undefined;

export const env: Settings =
  typeof STOREFRONT_SETTINGS === 'undefined' ? readSettings() : STOREFRONT_SETTINGS;
