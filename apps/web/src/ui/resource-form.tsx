import { Alert, Button, Stack, Title } from '@mantine/core';
import { createdMessage, isFieldDisabled, messages, type ResourceDef } from '@canvass/domain';
import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session';
import { FieldInput } from './form/field-input';
import type { FieldInputProps } from './form/input-props';
import { toAttributes, toFormValues } from './form/form-values';
import { placeServerErrors } from './form/server-errors';
import { joinErrors, useFormState } from './form/use-form-state';
import { fieldErrorsText, notifyFailed, notifySaved } from './notify';
import { abilitiesOf, type ResourceDraft, type ResourceRecord } from './types';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useResourceMutation } from './use-resource-mutation';
import { SaveButton } from './form/save-button';
import { useOrganizationChoice } from './form/organization-choice';

/** A resource's own input for some of its fields (a template's mapping as a form rather than its JSON text). */
export type FieldInputs = Partial<Record<string, (props: FieldInputProps) => ReactNode>>;

/** Another way to save beside Save: the same form, with attributes of its own ('Save and send': isSendText). */
export interface SaveAction {
  label: string;
  attributes: Record<string, unknown>;
}

/** Editing a saved record, or creating one from the blank of new{Type} (a draft: no id, no abilities yet). */
type Target = { mode: 'update'; record: ResourceRecord } | { mode: 'create'; record: ResourceDraft };

type Props = Target & {
  def: ResourceDef;
  /** Section paths to show (an edit route shows one); every section when omitted. */
  sections?: readonly string[];
  /** Replaces the default after-save step (create: go to the new record's overview). */
  onSaved?(record: ResourceRecord): void;
  /** Off inside an inline dialog, so dialogs do not stack. */
  allowInlineCreate?: boolean;
  inputs?: FieldInputs;
  /** Told whether the form holds unsaved changes (an inline dialog asks before discarding them). */
  onDirtyChange?(dirty: boolean): void;
  /** Why the record can no longer be changed (a text that went out): said above its fields, all read-only. */
  lockedReason?: string;
  saveActions?: readonly SaveAction[];
};

/** The create/edit form of any resource, rendered from its sections and field kinds. */
export function ResourceForm(props: Props) {
  const { def, record, sections, onSaved, allowInlineCreate = true, inputs, onDirtyChange, lockedReason } = props;
  const { can, isAdmin } = useSession();
  const navigate = useNavigate();
  const isCreate = props.mode === 'create';
  const options = { isCreate, isAdmin };

  const shown = useMemo(
    () =>
      def.sections
        .filter((s) => !sections || sections.includes(s.path))
        .map((s) => ({ ...s, fields: s.fields.filter((n) => isAdmin || !def.fields[n].adminOnly) })),
    [def, sections, isAdmin],
  );
  const fieldNames = useMemo(() => shown.flatMap((s) => s.fields), [shown]);
  const form = useFormState(def, toFormValues(def, record, fieldNames));
  const save = useResourceMutation(def, isCreate ? 'create' : 'update');
  const organization = useOrganizationChoice(def, isCreate);
  // A new record: the role's Create; an existing one: what the server says the viewer may do with it.
  const allowed =
    !lockedReason && (props.mode === 'create' ? can('Create', def.typeName) : abilitiesOf(props.record).update);
  // The save action whose button submitted the form: its click comes before the submit event.
  const action = useRef<SaveAction | null>(null);
  // Set once a new record is saved, so going to it is not taken for leaving unsaved changes behind.
  const [created, setCreated] = useState(false);
  useEffect(() => onDirtyChange?.(form.dirty && !created), [onDirtyChange, form.dirty, created]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An inline dialog's form sits in a portal, but React still bubbles its submit to the form that opened it.
    event.stopPropagation();
    const { attributes: own, errors } = toAttributes(def, form.values, fieldNames, options, record);
    const attributes = { ...own, ...action.current?.attributes };
    action.current = null;
    if (Object.keys(errors).length) return form.setErrors(joinErrors(errors));

    const outcome = await save.run(
      props.mode === 'create' ? { attributes, ...organization.variables } : { id: props.record.id, attributes },
    );
    if (outcome.kind === 'failed') return notifyFailed(outcome.message);
    if (outcome.kind === 'invalid') {
      const { onFields, elsewhere } = placeServerErrors(def, outcome.errors, fieldNames);
      form.setErrors(onFields);
      // A resource with words of its own for a refused save lists every error under them (spec §8: a text).
      const refusedTitle = isCreate ? def.messages.createFailed : def.messages.updateFailed;
      if (refusedTitle) notifyFailed(fieldErrorsText(outcome.errors, def) || messages.noErrorsFound, refusedTitle);
      else if (elsewhere.length) notifyFailed(fieldErrorsText(elsewhere, def), 'Error');
      return;
    }
    if (props.mode === 'create') {
      const saved = outcome.record;
      if (!saved) return notifyFailed('The server did not return the new record');
      notifySaved(createdMessage(def));
      // Rendered before navigating: the guard must already know there is nothing left to lose.
      flushSync(() => setCreated(true));
      if (onSaved) onSaved(saved);
      // A record made in another organization is not on this one's screens: back to the list.
      else navigate(organization.chosenOther ? `/${def.path}` : `/${def.path}/${saved.id}/overview`);
    } else {
      const saved = outcome.record ?? props.record;
      notifySaved(def.messages.edited);
      form.resetTo(toFormValues(def, saved, fieldNames));
      onSaved?.(saved);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`${def.label} form`}>
      {/* A form inside an inline dialog is part of the page's form, which guards both. */}
      {allowInlineCreate && (
        <UnsavedChangesGuard dirty={form.dirty && !created} message={isCreate ? def.messages.discardNew : undefined} />
      )}
      <Stack gap="lg">
        {lockedReason && (
          <Alert color="gray" title="Read only">
            {lockedReason}
          </Alert>
        )}
        {organization.select}
        {shown.map((section) => (
          <Stack key={section.path} gap="sm">
            {shown.length > 1 && <Title order={4}>{section.title}</Title>}
            {section.fields.map((name) => {
              const field = def.fields[name];
              const input: FieldInputProps = {
                name,
                field,
                value: form.values[name] ?? null,
                onChange: (v) => form.setValue(name, v),
                errors: form.errors,
                // Spec §5: a brand's provider is locked once the brand exists.
                // Spec §5: an Unregistered campaign has no client, so its client field is off (and empty).
                disabled:
                  !allowed ||
                  save.running ||
                  (!isCreate && field.createOnly === true) ||
                  isFieldDisabled(field, form.values),
                values: form.values,
                record,
                allowInlineCreate,
              };
              const own = inputs?.[name];
              return own ? <Fragment key={name}>{own(input)}</Fragment> : <FieldInput key={name} {...input} />;
            })}
          </Stack>
        ))}
        {allowed && (
          <SaveButton saving={save.running}>
            {props.saveActions?.map((a) => (
              <Button
                key={a.label}
                type="submit"
                variant="light"
                disabled={save.running}
                onClick={() => (action.current = a)}
              >
                {a.label}
              </Button>
            ))}
          </SaveButton>
        )}
      </Stack>
    </form>
  );
}
