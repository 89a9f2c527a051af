-- The language the account chose in the user menu (docs/design.md §8: the choice follows the user to another browser);
-- null until it chooses one, and the browser's language decides.
ALTER TABLE "accounts" ADD COLUMN "language" text;
