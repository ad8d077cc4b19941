import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { ModerationCaseDto, ModerationQueuePageDto } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { ModerationQueueSection } from './ModerationQueueSection';

const velocityCase: ModerationCaseDto = {
  reportId: 'r1',
  subjectType: 'user',
  subjectId: 'u1',
  status: 'open',
  origin: 'velocity',
  content: { title: 'Fiona Traveller', text: null, link: '/profile/u1', image: null },
  subject: {
    id: 'u1',
    name: 'Fiona Traveller',
    memberSince: '2026-11-29T10:00:00.000Z',
    earlierReports: 0,
    earlierActions: 0,
    orders: { bought: 2, sold: 1 },
    suspended: false,
  },
  reports: [],
  matchedKeywords: ['11 listings within an hour'],
  appeal: null,
  queuedAt: '2026-11-29T11:00:00.000Z',
};

describe('support’s moderation queue', () => {
  it('says why the velocity rule queued a new account, and shows its orders in its history', async () => {
    const page: ModerationQueuePageDto = { items: [velocityCase], nextCursor: null };
    answerApi({ 'GET /api/support/reports': () => Response.json(page) });
    renderInApp(<ModerationQueueSection />, { route: '/support/reports', path: '/support/reports' });
    expect(await screen.findByText('New account: 11 listings within an hour')).toBeTruthy();
    expect(screen.getByText(/2 orders bought · 1 sold/)).toBeTruthy();
  });

  it('leaves the orders out when payments could not count them', async () => {
    const page: ModerationQueuePageDto = {
      items: [{ ...velocityCase, subject: { ...velocityCase.subject, orders: null } }],
      nextCursor: null,
    };
    answerApi({ 'GET /api/support/reports': () => Response.json(page) });
    renderInApp(<ModerationQueueSection />, { route: '/support/reports', path: '/support/reports' });
    expect(await screen.findByText(/0 actions taken/)).toBeTruthy();
    expect(screen.queryByText(/orders bought/)).toBeNull();
  });
});
