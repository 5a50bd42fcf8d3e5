import type { Locator, Page } from '@playwright/test';

/** The recipe runner on a recipe page (src/components/RecipeRunner), by its roles and labels as a reader meets them. */
export class RecipeRunnerPanel {
  constructor(private readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Run this recipe' });
  }

  async chooseServer(value: 'production' | 'mock'): Promise<void> {
    await this.region.getByLabel('Server').selectOption(value);
  }

  /** A workflow input's field, labelled by the input's name. */
  input(name: string): Locator {
    return this.region.getByLabel(new RegExp(`^${name}\\b`));
  }

  button(name: 'Run to the end' | 'Next step' | 'Stop' | 'Copy trace as Markdown' | 'Send it' | "Don't send"): Locator {
    return this.region.getByRole('button', { name, exact: true });
  }

  /** The live region: the last step's result, or how the run ended. */
  get status(): Locator {
    return this.region.getByRole('status');
  }

  get steps(): Locator {
    return this.region.getByRole('list', { name: 'Steps run' }).locator(':scope > li');
  }

  criteria(stepId: string): Locator {
    return this.region.getByRole('list', { name: `Success criteria of ${stepId}` }).getByRole('listitem');
  }

  /** The write question, while a write step waits. */
  get question(): Locator {
    return this.region.getByRole('group').filter({ hasText: 'Send it?' });
  }

  get copiedTrace(): Locator {
    return this.region.getByLabel('The copied trace');
  }
}
