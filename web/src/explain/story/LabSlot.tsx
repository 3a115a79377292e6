// The one place a story meets the animated NAND view (web/src/explain/lab/): a NAND 101 step's
// configuration, as the story file holds it, becomes the view's own config; a step before the
// one that explains garbage collection shows no GC counters or legend until GC runs.
import { NandLabView } from '../lab/NandLabView';
import { STORIES } from '../stories';
import { paragraphs, tokenize, type Story, type StoryLab } from '../stories/schema';

/** Whether a story has explained garbage collection by a step: at or after the first step whose setup marks [[gc]]. */
export function gcTaught(story: Story | undefined, stepId: string): boolean {
  if (!story) return true;
  const at = story.steps.findIndex((s) => s.id === stepId);
  const first = story.steps.findIndex((s) => paragraphs(s.text.en).flatMap(tokenize).some((t) => t.kind === 'term' && t.id === 'gc'));
  return first === -1 || at === -1 || at >= first;
}

export function LabSlot({ config, compact = false, storyId, stepId }: { config: StoryLab; compact?: boolean; storyId: string; stepId: string }) {
  return (
    <div className="story-lab" data-testid="story-lab">
      <NandLabView config={config} compact={compact} gcTaught={gcTaught(STORIES.find((s) => s.id === storyId), stepId)} />
    </div>
  );
}
