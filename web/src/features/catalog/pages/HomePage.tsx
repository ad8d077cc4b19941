import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { HeroSearchPlaceholder, HomeHero } from '../components/HomeHero';

// One chunk for both: the hero's form and the sections below it come together.
const loadSections = () => import('../components/HomeSections');
const HomeHeroSearch = lazy(() => loadSections().then((module) => ({ default: module.HomeHeroSearch })));
const HomeSections = lazy(loadSections);

/**
 * Home. The hero's headline is in the entry script and paints with the first render; the search form and
 * everything below load as one chunk meanwhile (the headline had waited ~1 s for that chunk on a slow machine).
 */
export default function HomePage() {
  return (
    <>
      <HomeHero>
        <Suspense fallback={<HeroSearchPlaceholder />}>
          <HomeHeroSearch />
        </Suspense>
      </HomeHero>
      <Suspense fallback={<PageLoader />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
