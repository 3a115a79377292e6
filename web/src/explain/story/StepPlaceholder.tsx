// A step's place while the page draws the step it was opened at (StoryPage, useFirstDrawn): its
// number and title only, so the list and the page's order are there at once while the rest of
// the story (text, knobs, links, charts) is rendered moments later, after the first chart.
import type { StoryStep } from '../stories/schema';
import { StepHead } from './StepHead';

export function StepPlaceholder({ step, index, total }: { step: StoryStep; index: number; total: number }) {
  return (
    <section className="story-step" data-pending-step={step.id} aria-busy="true">
      <StepHead step={step} index={index} total={total} />
    </section>
  );
}
