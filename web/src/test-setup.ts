import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 1 s by default; on a loaded CI machine a dialog with its form can
// take longer to open (5 s was still too short with the stack lane and other work on 2 cores: the
// product form's messages and Edit's dialog came at about 6 s). Waiting longer changes nothing when
// the test passes and still fails when it should.
configure({ asyncUtilTimeout: 10_000 });

// jsdom (27) has <dialog> and its `open` attribute but not its methods: enough of them for the
// components that use a native modal dialog. The browser's focus trap and inert page are not modelled.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom lays nothing out and has no scrollIntoView; the model page scrolls a chosen callout's row
// into view with it (a test may spy on it to see that it did).
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
