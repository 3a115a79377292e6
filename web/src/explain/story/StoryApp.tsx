// The reading side of the app, by its address: `?story=` lists the stories, `?story=<id>` opens
// one (at `&step=<step>`), and `&embed=1` renders that one step for another page. An unknown
// story id says so above the list instead of showing a blank page.
import { useState } from 'react';
import { useI18n } from '../../i18n';
import { storyById } from '../stories';
import { StoryHeader } from './StoryHeader';
import { StoryList } from './StoryList';
import { StoryPage } from './StoryPage';

export function StoryApp({ embed }: { embed: boolean }) {
  const { t } = useI18n();
  // The address as the page opened: the story page rewrites `step` as the reader moves.
  const [params] = useState(() => new URLSearchParams(location.search));
  const id = params.get('story') ?? '';
  const story = id ? storyById(id) : undefined;
  if (story) return <StoryPage story={story} startStep={params.get('step')} embed={embed} />;
  return (
    <div className="story-app" data-testid="story-index">
      <StoryHeader />
      <main className="story-index">
        {id && (
          <p className="note note-warn" role="alert" data-testid="story-not-found">
            {t('story.notFound', { id: id.slice(0, 60) })}
          </p>
        )}
        <h1>{t('story.list')}</h1>
        <p className="story-blurb">{t('story.indexLead')}</p>
        <StoryList />
      </main>
    </div>
  );
}
