import { Combobox, Grid, Group, Stack, Text, Textarea, useCombobox } from '@mantine/core';
import { renderMessage, type PlaceholderContext } from '@canvass/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ComplianceWarnings } from './compliance-warnings';
import { MessagePreview, type MessageSample } from './message-preview';
import { MessageStats, type MessageCostInput } from './message-stats';
import { PlaceholderMenu } from './placeholder-menu';
import { replaceRange, slashQueryAt, type SlashQuery } from './text-insertion';
import { useServerOptions } from './use-server-options';

export interface MessageEditorProps {
  value: string;
  onChange(value: string): void;
  /** What placeholders may name: the list's headers, the organization's text defaults and shortened links. */
  context: PlaceholderContext;
  /** The estimate's inputs; the cost is left out of the live line without them. */
  cost?: MessageCostInput | null;
  /** The project's client, for the compliance check (the first message should name it). */
  clientName?: string | null;
  label?: string;
  /** A field error (the server's, or the stepper's 'required'). */
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /**
   * The recipient a preview beside the editor renders the message for (the list's first valid row); null shows the
   * preview asking for a list, undefined leaves the preview out.
   */
  sample?: MessageSample | null;
}

/**
 * The project message: a textarea where '/' at the start of a word offers the server's opt-out language
 * (ProjectOptOutLanguage options), a placeholder menu, the live count and estimated cost of the text as sent
 * (links and text defaults filled in), and the compliance warnings beneath.
 */
export function MessageEditor({
  value,
  onChange,
  context,
  cost,
  clientName,
  label = 'Message',
  error,
  disabled,
  required,
  sample,
}: MessageEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Where the cursor goes once the parent has taken the new value (an insertion re-renders the textarea).
  const pendingCursor = useRef<number | null>(null);
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const { options: snippets } = useServerOptions('ProjectOptOutLanguage');

  const matching = useMemo(() => {
    if (!slash) return [];
    const q = slash.query.toLowerCase();
    return snippets.filter((s) => s.label.toLowerCase().includes(q));
  }, [slash, snippets]);
  const menuOpen = slash !== null && slash.start !== dismissedAt && matching.length > 0 && !disabled;
  const combobox = useCombobox({ opened: menuOpen });

  // Each new set of matches starts on its first, so Enter right after '/' inserts the first snippet.
  useEffect(() => {
    if (menuOpen) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store object is new on every render
  }, [menuOpen, matching]);

  useLayoutEffect(() => {
    const el = textarea.current;
    if (pendingCursor.current === null || !el) return;
    el.focus();
    el.setSelectionRange(pendingCursor.current, pendingCursor.current);
    pendingCursor.current = null;
  }, [value]);

  /** The '/' command under the cursor after a keystroke, a click or a selection change. */
  function track(text: string, cursor: number) {
    const found = slashQueryAt(text, cursor);
    setSlash(found);
    if (!found) setDismissedAt(null);
  }

  function insert(start: number, end: number, text: string) {
    const next = replaceRange(value, start, end, text);
    pendingCursor.current = next.cursor;
    setSlash(null);
    onChange(next.value);
  }

  function insertSnippet(snippet: string) {
    if (!slash) return;
    insert(slash.start, slash.start + 1 + slash.query.length, snippet);
  }

  function insertPlaceholder(token: string) {
    const el = textarea.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    insert(start, end, token);
  }

  // The menu's own keys only while it is open: otherwise arrows and Enter move and break lines as in any textarea.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!menuOpen) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      combobox.selectNextOption();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      combobox.selectPreviousOption();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      if (combobox.getSelectedOptionIndex() === -1) return;
      event.preventDefault();
      combobox.clickSelectedOption();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(slash?.start ?? null);
    }
  }

  const sent = useMemo(() => renderMessage(value, context), [value, context]);

  const editor = (
    <Combobox store={combobox} onOptionSubmit={insertSnippet} position="bottom-start" withinPortal>
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <Textarea
          ref={textarea}
          label={label}
          description="Type / at the start of a word to insert opt-out language"
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            track(e.currentTarget.value, e.currentTarget.selectionStart);
          }}
          onSelect={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setSlash(null)}
          rows={5}
          resize="vertical"
          error={error}
          disabled={disabled}
          required={required}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {menuOpen && (
          <Combobox.Options aria-label="Opt-out language">
            {matching.map((s) => (
              <Combobox.Option value={s.name} key={s.name}>
                {s.label}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );

  return (
    <Stack gap="xs">
      {sample === undefined ? (
        editor
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>{editor}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <MessagePreview message={value} context={context} sample={sample} />
          </Grid.Col>
        </Grid>
      )}
      <Group justify="space-between" align="flex-start" gap="xs">
        <MessageStats message={sent} cost={cost} />
        <PlaceholderMenu context={context} onPick={insertPlaceholder} disabled={disabled} />
      </Group>
      {sent !== value && (
        <Text size="xs" c="dimmed">
          Counted as sent: links and text defaults filled in; names and list columns at the length of their placeholder.
        </Text>
      )}
      <ComplianceWarnings message={value} clientName={clientName} context={context} />
    </Stack>
  );
}
