/**
 * Mistakes a person managing an installation can make (an unknown short name, a taken table number …).
 * The CLI prints their message alone; any other error is a bug and keeps its stack trace.
 */
export class ManagementError extends Error {
  override name = 'ManagementError';
}

export class RestaurantNotFoundError extends ManagementError {
  override name = 'RestaurantNotFoundError';
  constructor(readonly shortName: string) {
    super(
      `There is no restaurant "${shortName}". Create it first: npm run tablo -- create-restaurant --help`,
    );
  }
}

export class RestaurantExistsError extends ManagementError {
  override name = 'RestaurantExistsError';
  constructor(readonly shortName: string) {
    super(`A restaurant "${shortName}" already exists.`);
  }
}

export class TableNotFoundError extends ManagementError {
  override name = 'TableNotFoundError';
  constructor(
    readonly shortName: string,
    readonly tableNumber: number,
  ) {
    super(`Restaurant "${shortName}" has no table ${tableNumber}.`);
  }
}

export class InvalidInputError extends ManagementError {
  override name = 'InvalidInputError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}
