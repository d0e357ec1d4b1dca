import type { DataImportResource, EnumDef, EnumValue, Operation } from '@canvass/domain';
import type { SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import type { Tx } from '../../platform/db/tenant';
import type { ChangeOrigin, OptOutChange } from '../opt-outs/opt-out-changes';

// What an import target is, apart from the targets themselves: user-target.ts is one of them and needs the shape
// without importing the list that imports it.
export type ImportResource = EnumValue<typeof DataImportResource>;

/**
 * One field a file column may fill. Kinds say how a cell is checked in Node: a phone is cleaned as list phones
 * are, an email must look like one, an enum takes its value or its label, a client or a team is named and found by
 * name.
 */
export interface TargetField {
  name: string;
  label: string;
  kind: 'text' | 'phone' | 'email' | 'enum' | 'client' | 'team' | 'state';
  required?: boolean;
  enum?: EnumDef<string>;
  /** The value when the column is not mapped or the cell is blank. */
  default?: string;
  maxLength?: number;
}

/**
 * One step of an import's transaction: a statement that answers one row { n }, the rows it added or changed, or
 * (for what one statement cannot do) a function of the transaction that answers that number.
 */
export type CommitStep = {
  /** Whether n counts as imported (the recipients an opt-out import adds on the way do not). */
  counted: boolean;
} & ({ statement: SQL } | { run(tx: Tx): Promise<number> } | AuditedStep);

/**
 * A change to opt-outs or do-not-contact numbers and its audit records: `changes` modifies and returns the rows it
 * changed (number, phone_id, client_id); n is how many. run-data-import.ts makes one statement of the two where it
 * can (a data-modifying CTE) and two on Citus, which takes no INSERT … SELECT from a CTE under row-level security.
 */
export interface AuditedStep {
  changes: SQL;
  audit: { change: Pick<OptOutChange, 'subject' | 'action' | 'optOutType'>; origin: ChangeOrigin } | null;
}

/** A row whose cells are each fine, by field name. */
export type StagedRow = Record<string, string | null>;

/** What checking a row needs besides its cells. */
export interface RowContext {
  /** The clients a row may name, by lowercased name. */
  clientsByName: Map<string, number>;
  /** The teams a row may name, by lowercased name (targets with a team field). */
  teamsByName?: Map<string, number>;
  /** The target's own rule over a whole row: the row as it is staged, or why it cannot go in. */
  rule?(row: StagedRow): { row: StagedRow } | { reason: string };
}

export interface ImportTarget {
  fields: TargetField[];
  /**
   * The fields that make two rows the same thing (the natural key the commit skips on): a row of the file with the
   * same values as an earlier row is that row's duplicate. Without a key, only a row equal in every field is.
   */
  key?: string[];
  /**
   * What the importing user must also be allowed (besides importing): checked when the import starts and again
   * when it runs, for rows that become what that user could otherwise add only through its own screen.
   */
  permission?: { operation: Operation; resource: string };
  /** What checking its rows needs, read for the importing user (targets with a permission); else the clients. */
  rowContext?(tx: Tx, viewer: Viewer): Promise<RowContext>;
  /** The statements that move the staged rows in, in order, inside the import's one transaction. */
  commit(staging: SQL, org: number, userId: number | null): CommitStep[];
}
