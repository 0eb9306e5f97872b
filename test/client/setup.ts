import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setClubDocuments } from '../../src/client/lib/club-documents';
import { setClubProfile } from '../../src/client/lib/club-profile';
import { setCompetitionRules } from '../../src/client/lib/competition-rules';
import { setMembershipRules } from '../../src/client/lib/membership-rules';
import { setClubSpecies } from '../../src/client/lib/species';
import {
  EXAMPLE_CLUB_DOCUMENTS,
  EXAMPLE_CLUB_PROFILE,
  EXAMPLE_CLUB_SPECIES,
  EXAMPLE_COMPETITION_RULES,
  EXAMPLE_MEMBERSHIP_RULES,
} from '../../src/shared/club-example';
import { failOnUnanswered } from './unanswered';

// Every test starts with the example club's settings, as a page carries its club's (main.tsx keeps them).
setClubProfile(EXAMPLE_CLUB_PROFILE);
setMembershipRules(EXAMPLE_MEMBERSHIP_RULES);
setCompetitionRules(EXAMPLE_COMPETITION_RULES);
setClubSpecies(EXAMPLE_CLUB_SPECIES);
setClubDocuments(EXAMPLE_CLUB_DOCUMENTS);

// findBy… and waitFor wait up to 10 s rather than 1 s: a screen's code is loaded on demand, which on a busy CI
// machine can take longer than a second. What is waited for is unchanged; only a failure takes longer to report.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads media queries and observes sizes; jsdom has neither.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts (every browser has it).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

// The rich-text editor (ProseMirror) maps clicks and the caret to positions; jsdom lays nothing out, so there is
// nothing under a point (the click leaves the caret where it was) and a range has no boxes.
if (!document.elementFromPoint) document.elementFromPoint = () => null;
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  setClubProfile(EXAMPLE_CLUB_PROFILE);
  setMembershipRules(EXAMPLE_MEMBERSHIP_RULES);
  setCompetitionRules(EXAMPLE_COMPETITION_RULES);
  setClubSpecies(EXAMPLE_CLUB_SPECIES);
  setClubDocuments(EXAMPLE_CLUB_DOCUMENTS);
  // The toast store is global: start every test with none showing or queued.
  notifications.clean();
  notifications.cleanQueue();
  vi.useRealTimers();
  failOnUnanswered();
});
