// The one place a story meets the animated NAND view (web/src/explain/lab/): a NAND 101 step's
// configuration, as the story file holds it, becomes the view's own config.
import { NandLabView } from '../lab/NandLabView';
import type { StoryLab } from '../stories/schema';

export function LabSlot({ config, compact = false }: { config: StoryLab; compact?: boolean }) {
  return (
    <div className="story-lab" data-testid="story-lab">
      <NandLabView config={config} compact={compact} />
    </div>
  );
}
