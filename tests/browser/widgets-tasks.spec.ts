// Issue 8: "every distinct thing a person can click gets an id", measured as tasks on
// hand-built widgets (fixtures/widgets/, wired with addEventListener and delegation).
// Each task is done the way an agent does it: read the text snapshot, take the id on
// the line that shows the wanted label, act on it, and check the app's own state.
// A task fails when no line with that label carries an id (the agent is stuck) or when
// the app's state did not change.
import { expect, test } from '@playwright/test';
import { idForLabel, openFixture } from './actions-helpers';

interface Step {
  /** Text shown on the line to act on. */
  label: string;
  /** Which of several matching lines (document order). */
  nth?: number;
}

interface Task {
  name: string;
  page: string;
  steps: Step[];
  /** Expression over window.__app that is true once the task is done. */
  done: string;
}

const W = '/fixtures/widgets/';
const TASKS: Task[] = [
  {
    name: 'div dropdown, options with their own cursor: pick "4 people"',
    page: 'dropdowns.html',
    steps: [{ label: 'Guests:' }, { label: '4 people' }],
    done: '__app.guests === 4',
  },
  {
    name: 'div dropdown, options with tabindex=-1: pick "3 rooms"',
    page: 'dropdowns.html',
    steps: [{ label: 'Rooms:' }, { label: '3 rooms' }],
    done: '__app.rooms === 3',
  },
  {
    name: 'div dropdown, role=option outside a listbox: pick "Price"',
    page: 'dropdowns.html',
    steps: [{ label: 'Sort:' }, { label: 'Price' }],
    done: '__app.sort === "Price"',
  },
  {
    name: 'delegated list: pick "Cherry"',
    page: 'delegated-list.html',
    steps: [{ label: 'Cherry' }],
    done: '__app.fruit === "cherry"',
  },
  {
    name: 'clickable card: open it',
    page: 'card.html',
    steps: [{ label: 'Trail tent' }],
    done: '__app.opened === "tent"',
  },
  {
    name: 'clickable card: its own "Add to cart" button',
    page: 'card.html',
    steps: [{ label: 'Add to cart' }],
    done: '__app.cart === 1 && __app.opened === null',
  },
  {
    name: 'table row with a row click: open "Invoice 1002"',
    page: 'card.html',
    steps: [{ label: 'Invoice 1002' }],
    done: '__app.openRow === "1002"',
  },
  {
    name: 'table row: its "Delete" button (second row)',
    page: 'card.html',
    steps: [{ label: 'Delete', nth: 1 }],
    done: '__app.deleted.join() === "1002" && __app.openRow === null',
  },
  {
    name: 'clickable notice: its inline "Undo" text',
    page: 'inline-switch.html',
    steps: [{ label: 'Undo' }],
    done: '__app.undone === 1 && __app.dismissed === 0',
  },
  {
    name: 'inline "Show more" text',
    page: 'inline-switch.html',
    steps: [{ label: 'Show more' }],
    done: '__app.expanded === true',
  },
  {
    name: 'switch drawn over a hidden checkbox: turn on "Dark mode"',
    page: 'inline-switch.html',
    steps: [{ label: 'Dark mode' }],
    done: '__app.dark === true',
  },
  {
    name: 'jQuery datepicker: "Next" month (<a> without href, jQuery handler)',
    page: 'datepicker.html',
    steps: [{ label: 'Next' }],
    done: '__app.month === 3',
  },
];

for (const task of TASKS) {
  test(`task: ${task.name}`, async ({ page }) => {
    await openFixture(page, W + task.page, 'window.__ready');
    for (const step of task.steps) {
      const { id, text } = await idForLabel(page, step.label, step.nth);
      expect(id, `no id on a line showing "${step.label}" in:\n${text}`).not.toBeNull();
      const result = await page.evaluate((id) => (window as unknown as Record<string, any>).__tool.click(id), id);
      expect(result.success, JSON.stringify(result.error)).toBe(true);
    }
    expect(await page.evaluate(task.done)).toBe(true);
  });
}
