import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderWithProviders';
import { GlobalSearch } from './GlobalSearch';

function renderSearchBesideAnotherField() {
  return renderWithProviders(
    <div>
      <label>
        Notes
        <input />
      </label>
      <div contentEditable suppressContentEditableWarning aria-label="Editor" role="textbox" />
      <button type="button">Elsewhere</button>
      <GlobalSearch compact={false} />
    </div>,
  );
}

describe('GlobalSearch', () => {
  it("focuses the search box when '/' is pressed, without typing the slash", async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const search = screen.getByPlaceholderText('Type / to find org');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(search).not.toHaveFocus();

    await user.keyboard('/');

    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
  });

  it("leaves a '/' typed into another input where it belongs", async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const notes = screen.getByLabelText('Notes');

    await user.type(notes, 'a/b');

    expect(notes).toHaveFocus();
    expect(notes).toHaveValue('a/b');
    expect(screen.getByPlaceholderText('Type / to find org')).not.toHaveFocus();
  });

  it("does not steal a '/' typed into a contenteditable element", async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const editor = screen.getByRole('textbox', { name: 'Editor' });
    await user.click(editor);

    await user.keyboard('/');

    expect(editor).toHaveFocus();
  });

  it('clears the box on Escape and says that finding orgs is not available yet', async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const search = screen.getByPlaceholderText('Type / to find org');

    await user.type(search, '00D5');
    expect(search).toHaveValue('00D5');
    expect(screen.getByText('Finding orgs is not available yet.')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
  });
});
