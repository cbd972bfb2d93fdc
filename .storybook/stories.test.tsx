/**
 * Renders every story in jest and runs its play function (portable stories), so a story
 * that breaks, or an interaction that no longer works, fails the test run.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  composeStories,
  type composeStory,
  setProjectAnnotations,
} from '@storybook/react-webpack5';
import { loadSonner } from '../src/lib/toast';
import preview from './preview';

setProjectAnnotations(preview);

// The toaster's code loads on first use (src/lib/toast.ts). Loaded once here, before any
// story, so a story's wait for its toast covers the story itself, never compiling sonner
// for the first story that happens to toast on a busy machine.
beforeAll(() => loadSonner(), 60_000);

// A toast leaves on sonner's own clock, in real time: on a busy machine a play could look for
// a toast after it has gone. sonner holds its toasts while the page is hidden, so here the
// page is hidden and every toast stays until its story ends.
beforeAll(() => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
});

// A story file is found at run time, so its exports are known to the compiler only in general.
type StoryFile = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

const root = path.resolve(__dirname, '..');
const STORY_TIMEOUT_MS = 30_000;

function storyFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(full);
    return /\.stories\.tsx?$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

const files = storyFiles(path.join(root, 'src')).sort();

test('the project has stories to check', () => {
  expect(files.length).toBeGreaterThan(0);
});

describe.each(files)('%s', (file) => {
  const stories = composeStories(require(path.join(root, file)) as StoryFile);
  const entries = Object.entries(stories) as [string, ComposedStory][];

  // Each run() unmounts the story before it (portalled dialogs included), so the page is
  // never cleared by hand: wiping <body> would pull an open dialog from under React.
  // A page story renders the whole app shell in jsdom and plays through several answers:
  // allow for a busy machine (each play still fails on its own, shorter, waits).
  test.each(entries)(
    '%s renders and plays',
    async (_name, Story) => {
      await Story.run();
    },
    STORY_TIMEOUT_MS,
  );
});
