import { describe, expect, it } from '@jest/globals';
import type { ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { screen } from '@testing-library/react';
import { catalogApi } from '../../../api/catalogApi';
import { makeStore, type AppStore } from '../../../app/store';
import { theme } from '../../../app/theme';
import { answerApi } from '../../../testing/renderInApp';
import HomeSections, { HomeHeroSearch } from './HomeSections';

const categories = [
  { id: 'c1', country: 'Japan', count: 3 },
  { id: 'c2', country: 'Portugal', count: 1 },
];

function home(store: AppStore): ReactElement {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/']}>
          <HomeHeroSearch />
          <HomeSections />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>
  );
}

/**
 * Home is prerendered without data and its sections are hydrated on their own, after the hero's: on a slow phone an
 * answer the hero asked for (the destinations, whose countries it lists in a menu not yet open) can be in the store before the sections hydrate. Hydration must still
 * render what the prerender did, or React throws the page's HTML away (error #418) and a tap held meanwhile with it.
 */
describe('Home below the hero, hydrated', () => {
  it('renders the prerender first although the destinations arrived before hydration', async () => {
    answerApi({
      'GET /api/categories': () => Response.json(categories),
      'GET /api/products': () => Response.json([]),
    });
    const prerendered = renderToString(home(makeStore()));
    const container = document.createElement('div');
    container.innerHTML = prerendered;
    document.body.appendChild(container);

    const store = makeStore();
    await store.dispatch(catalogApi.endpoints.getCategories.initiate());
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, home(store), { onRecoverableError: (error) => mismatches.push(error) });
    });

    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('button', { name: /Japan/ })).toBeTruthy();
  });
});
