import { defineEnum, type EnumValue } from './enum';
import type { DeliveryType } from './enums';
import { formatPhone } from './phone';
import { projectStatusGroup, type ProjectStatusValue } from './project-lifecycle';
import { sendingWindowAt, type QuietHours } from './quiet-hours';

/**
 * What a project's texts wait for (issue 35 §1): a project that is loaded, sent or live and sends nothing says why,
 * who must act and where, on its page and in the Send Texts dialog. Worked out here from facts the server keeps
 * (the project row, its kept text counts per sender, its recipients' area codes, the organization's quiet hours),
 * so the server and the screens share one rule and one set of words.
 */

/** Each thing a project's texts can wait for; the labels are the headings a staffer reads. */
export const ProjectWaitKind = defineEnum(
  'ProjectWaitKind',
  ['SendTexts', 'Texters', 'Paused', 'Provider', 'Senders', 'Schedule', 'DailyCap', 'QuietHours', 'Dispatch'],
  {
    labels: {
      SendTexts: 'Not sent yet',
      Texters: 'Waiting for texters',
      Paused: 'Sending is paused',
      Provider: 'Waiting for the provider',
      Senders: 'Waiting for an active sender number',
      Schedule: 'Waiting for its start time',
      DailyCap: 'Waiting for a daily cap',
      QuietHours: 'Waiting for quiet hours to end',
      Dispatch: 'About to send',
    },
  },
);
export type ProjectWaitKindValue = EnumValue<typeof ProjectWaitKind>;
type DeliveryTypeValue = EnumValue<typeof DeliveryType>;

/**
 * What each delivery type does, in the words the stepper shows as it is chosen (and the Texters wait repeats): a
 * Blast goes out by itself; External and Internal wait for texters, whose work queue Canvass does not have yet.
 */
export const deliveryTypeHelp: Record<DeliveryTypeValue, string> = {
  Blast:
    'Blast: Canvass sends every text itself once the project is loaded and sent (Send Texts), within its schedule, ' +
    "quiet hours and its numbers' limits. No texters needed.",
  External:
    "External: texters of the project's teams send each text by hand from their work queue (a team lead sets " +
    "their quotas). The texters' work queue is not available yet: after Send Texts, the texts wait. " +
    'Choose Blast to have Canvass send them.',
  Internal:
    "Internal: the client's own texters send each text by hand from their work queue (the client sets their " +
    "quotas). The texters' work queue is not available yet: after Send Texts, the texts wait. " +
    'Choose Blast to have Canvass send them.',
};

/** One thing a project waits for: why, who must act, what to do and where, and when it ends by itself. */
export interface ProjectWait {
  kind: ProjectWaitKindValue;
  message: string;
  actor: string;
  /** What to do and where; null when nothing is to be done but wait. */
  action: string | null;
  /** When the wait ends by itself (the start time, the window's opening, the next day); null when it does not. */
  until: Date | null;
}

/** A sender number that holds some of the project's texts still to go out, as sending knows it now. */
export interface WaitingSender {
  number: string;
  phoneStatus: string;
  /** Its provider is the built-in Simulator: it reaches no phone, so quiet hours do not hold its texts. */
  simulated: boolean;
  /** Segments it may send in one of the organization's days (its brand's cap); null: no cap. */
  dailyCap: number | null;
  /** Segments it has sent in the organization's day so far. */
  usedToday: number;
  /** When the organization's next day begins (the cap's count starts again). */
  nextDayAt: Date;
}

export interface ProjectWaitFacts {
  projectStatus: ProjectStatusValue;
  deliveryType: string;
  isPaused: boolean;
  /** Why sending paused by itself (every sender blocked or retired); null when a user paused it. */
  pauseReason: string | null;
  /** Why the provider is not taking its texts; null when it is. */
  providerTrouble: string | null;
  startAt: Date | null;
  /** Its texts still to go out (the kept counts' Ready). */
  readyTexts: number;
  /** The sender numbers those texts go out from. */
  senders: readonly WaitingSender[];
  /** Its recipients' area codes (its latest load's). */
  areaCodes: readonly string[];
  /** The organization's quiet hours; null where they hold nothing back (test runs with SEND_QUIET_HOURS=off). */
  quietHours: QuietHours | null;
  now: Date;
}

const STAFF = 'A staffer who may send this project';
const NOBODY = 'Nobody: it ends by itself';

/** The words of each wait: why, who must act and what to do where. Not spec texts: the spec has none for these. */
export const projectWaitMessages = {
  sendTexts: {
    message: 'Its texts are loaded and go out once the project is sent.',
    actor: STAFF,
    action: 'Choose Send Texts in the Actions menu on this page.',
  },
  texters: (deliveryType: string) => ({
    message:
      `Its texts wait for texters: ${deliveryType} delivery sends each text by hand from the texters' work queue, ` +
      'which is not available yet, so none of its texts goes out.',
    actor: "The project's client (who chooses its delivery type) and a staffer who may load and send it",
    action:
      'To have Canvass send them as a Blast: Unload Project (Actions, on this page); the client sets Delivery ' +
      'type to Blast (Edit → Texters); then Load Project and Send Texts.',
  }),
  paused: (pauseReason: string | null) => ({
    message: pauseReason ?? 'Someone paused sending: its texts wait until it is resumed.',
    actor: STAFF,
    action: pauseReason
      ? 'Add an active number (Edit → Sender), then choose Resume in the Actions menu on this page.'
      : 'Choose Resume in the Actions menu on this page.',
  }),
  provider: (trouble: string) => ({
    message: `The provider is not taking its texts (${trouble}): they wait and are retried until it takes them again or the project ends.`,
    actor: "An organization admin, or the provider's support",
    action: "Check the provider's settings (Organization → Provider Configurations, or the brand's configuration).",
  }),
  senders: (numbers: readonly WaitingSender[]) => ({
    message: `None of its sender numbers is active (${numbers
      .map((s) => `${formatPhone(s.number)} ${s.phoneStatus}`)
      .join(', ')}): its texts cannot go out from them.`,
    actor: STAFF,
    action: 'Add an active number in Edit → Sender.',
  }),
  schedule: {
    message: 'Its schedule starts later: no text goes out before its start time.',
    actor: NOBODY,
    action: 'To send earlier, change the start time in Edit → Schedule.',
  },
  dailyCap: (capped: number, of: number) => ({
    message:
      capped === of
        ? `Every sender number reached its daily cap: its texts wait for the next day.`
        : `${capped} of its ${of} sender numbers reached their daily cap: their texts wait for the next day.`,
    actor: NOBODY,
    action: "To send more today, raise the brand's Daily cap per number (Brands → the brand → General).",
  }),
  quietHours: (closed: number, of: number) => ({
    message:
      closed === of
        ? "It is outside quiet hours' sending window in every recipient's local time: its texts wait until it opens."
        : `It is outside quiet hours' sending window for ${closed} of its ${of} recipients' area codes: their texts wait until it opens.`,
    actor: NOBODY,
    action: "The window is the organization's setting (Organization → Edit → Quiet Hours).",
  }),
  dispatch: {
    message: 'Its texts are queued: sending starts within a minute.',
    actor: NOBODY,
    action: null,
  },
} as const;

/** Statuses whose texts have been released to go out (Send Texts): the others of the Ready group wait for it. */
const RELEASED: readonly ProjectStatusValue[] = ['Queued', 'Sending', 'Active', 'Late'];

const earliest = (dates: readonly (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d < a) ? d : a), null);

/**
 * What the project's texts wait for now, most pressing first; for a project loaded but not sent yet (Ready, Live),
 * what they would wait for once sent. Empty outside the Ready group (nothing loaded, finished) and for a project
 * that is sending unhindered; a Queued project always names at least one thing.
 */
export function projectWaits(f: ProjectWaitFacts): ProjectWait[] {
  if (projectStatusGroup(f.projectStatus) !== 'Ready') return [];
  const waits: ProjectWait[] = [];
  const add = (kind: ProjectWaitKindValue, words: Omit<ProjectWait, 'kind' | 'until'>, until: Date | null = null) =>
    waits.push({ kind, ...words, until });

  // Only a Blast is sent by Canvass: any other delivery type waits for texters, and nothing else matters until then.
  if (f.deliveryType !== 'Blast') {
    add('Texters', projectWaitMessages.texters(f.deliveryType));
    return waits;
  }
  if (!RELEASED.includes(f.projectStatus)) add('SendTexts', projectWaitMessages.sendTexts);
  if (f.isPaused) add('Paused', projectWaitMessages.paused(f.pauseReason));
  if (f.providerTrouble) add('Provider', projectWaitMessages.provider(f.providerTrouble));

  if (f.readyTexts > 0) {
    const active = f.senders.filter((s) => s.phoneStatus === 'Active');
    // A paused project's reason already says its numbers left service.
    if (f.senders.length && !active.length && !f.isPaused) add('Senders', projectWaitMessages.senders(f.senders));
    const start = f.startAt && f.startAt > f.now ? f.startAt : null;
    if (start) add('Schedule', projectWaitMessages.schedule, start);
    const capped = active.filter((s) => s.dailyCap !== null && s.dailyCap > 0 && s.usedToday >= s.dailyCap);
    if (capped.length)
      add(
        'DailyCap',
        projectWaitMessages.dailyCap(capped.length, active.length),
        earliest(capped.map((s) => s.nextDayAt)),
      );
    // Judged when its texts could first go: at its start time when that is later.
    const quiet = quietAreaCodes(f, active, start ?? f.now);
    if (quiet.closed)
      add('QuietHours', projectWaitMessages.quietHours(quiet.closed, f.areaCodes.length), quiet.opensAt);
  }

  if (f.projectStatus === 'Queued' && !waits.length) add('Dispatch', projectWaitMessages.dispatch);
  return waits;
}

/** How many of the recipients' area codes are outside the sending window at `at`, and when the first opens. */
function quietAreaCodes(f: ProjectWaitFacts, active: readonly WaitingSender[], at: Date) {
  // Texts from the Simulator's numbers reach no phone: quiet hours do not hold them (send-time checks).
  if (!f.quietHours || !active.some((s) => !s.simulated)) return { closed: 0, opensAt: null };
  const quietHours = f.quietHours;
  const shut = f.areaCodes.map((code) => sendingWindowAt(at, code, quietHours)).filter((w) => !w.open);
  return { closed: shut.length, opensAt: earliest(shut.map((w) => w.opensAt)) };
}
