/**
 * npm run test:cluster: server processes on one PostgreSQL, checked over HTTP. Kept out of
 * `npm test` because it needs PostgreSQL (server/test/withPostgres.ts provides one).
 */
import type { Config } from 'jest';
import { serverProject } from '../../jest.config';

const config: Config = {
  ...serverProject,
  rootDir: '../..',
  displayName: 'cluster',
  roots: ['<rootDir>/server/cluster'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 180_000,
  // The servers share one machine with the database: one file at a time.
  maxWorkers: 1,
};

export default config;
