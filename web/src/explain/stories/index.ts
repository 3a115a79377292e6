// The stories, in the order the story list shows them: NAND 101 first (the basics), then one
// story per article. Each file is checked by validateStory; a story that fails is left out of
// the list (and the unit tests name the problem) rather than breaking the page.
import { GLOSSARY } from '../../glossary/terms';
import nand101 from './nand-101.json';
import article000 from './article-000.json';
import article001 from './article-001.json';
import article002 from './article-002.json';
import article003 from './article-003.json';
import article004 from './article-004.json';
import whereDataLands from './where-data-lands.json';
import whenPowerFails from './when-power-fails.json';
import { validateStory, type Story, type StoryProblem } from './schema';

/** Every story file as written, in list order (the tests validate these). */
export const STORY_FILES: readonly unknown[] = [nand101, article000, article001, article002, article003, article004, whereDataLands, whenPowerFails];

export const GLOSSARY_TERMS: ReadonlySet<string> = new Set(Object.keys(GLOSSARY));

function load(files: readonly unknown[]): { stories: Story[]; problems: { story: string; problems: StoryProblem[] }[] } {
  const stories: Story[] = [];
  const problems: { story: string; problems: StoryProblem[] }[] = [];
  for (const file of files) {
    const found = validateStory(file, GLOSSARY_TERMS);
    const id = typeof (file as { id?: unknown }).id === 'string' ? (file as { id: string }).id : '?';
    if (found.length) problems.push({ story: id, problems: found });
    else stories.push(file as Story);
  }
  return { stories, problems };
}

const loaded = load(STORY_FILES);

/** The valid stories, in list order. */
export const STORIES: readonly Story[] = loaded.stories;
/** Problems of story files left out (empty when every file is valid). */
export const STORY_PROBLEMS = loaded.problems;

export function storyById(id: string): Story | undefined {
  return STORIES.find((s) => s.id === id);
}
