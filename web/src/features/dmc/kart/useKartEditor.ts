import { useRef, useState } from 'react';
import { useForm } from '@mantine/form';
import {
  KART_MSG,
  cancelKart,
  removeKartAccomodation,
  removeKartActivity,
  removeKartMiscellaneous,
  saveKart,
  type TKart,
} from '@tp/contracts/endpoints/kart';
import { useAction } from '#api/action.ts';
import { ApiError, type RequestIn } from '#api/client.ts';
import { requestResolver } from '#shared/form.ts';
import { toastError } from '#lib/notify.ts';
import { dmcRule } from '../shared/rules.ts';
import { blankKart, blankLine, kartBody, kartRule, kartValues, stayErrors, type KartValues } from './form.ts';
import type { LineSection } from './lines.tsx';

/** The §5 rules as a form validator; `vouchered` adds the vouchered rules. */
const validator = (saved: TKart | null, vouchered: boolean) =>
  requestResolver(
    saveKart.request,
    (v: KartValues) => kartBody(v, saved && { id: saved.id, version: saved.version }, vouchered),
    dmcRule(kartRule),
  );

/**
 * The quotation being edited: the saved kart (null until the first save), its form, and every move on it
 * (save, voucher, cancel, remove a saved line, reload after a 409). Whatever the server answers becomes the
 * form's values, ids and version.
 */
export function useKartEditor({
  initial,
  onSaved,
  reload,
}: {
  initial: TKart | null;
  onSaved: (kart: TKart) => void;
  reload: () => Promise<TKart | undefined>;
}) {
  const [kart, setKart] = useState<TKart | null>(initial);
  const [conflict, setConflict] = useState(false);
  // The validator reads the kart as it is now (its version, whether it is vouchered), not as first rendered:
  // every setKart below sets it too.
  const current = useRef(kart);
  const form = useForm<KartValues>({
    initialValues: initial ? kartValues(initial) : blankKart(),
    validate: (v) => ({ ...stayErrors(v), ...validator(current.current, current.current?.isVouchered ?? false)(v) }),
  });

  /** The server's kart becomes the form's (its lines, ids and version). */
  const adopt = (k: TKart) => {
    setKart(k);
    current.current = k;
    const values = kartValues(k);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    setConflict(false);
  };
  const onConflict = (e: unknown) => {
    if (e instanceof ApiError && e.status === 409) setConflict(true);
  };
  const adoptSaved = (k: TKart) => {
    adopt(k);
    onSaved(k);
  };

  const save = useAction(saveKart, {
    success: (_k, input) => (input.isVouchered && !current.current?.isVouchered ? KART_MSG.vouchered : KART_MSG.saved),
    form,
    onSuccess: adoptSaved,
    onError: onConflict,
  });
  const cancelAction = useAction(cancelKart, {
    success: KART_MSG.cancelled,
    onSuccess: adoptSaved,
    onError: onConflict,
  });
  const removers = {
    accomodations: useAction(removeKartAccomodation, { onError: onConflict }),
    activities: useAction(removeKartActivity, { onError: onConflict }),
    miscellaneous: useAction(removeKartMiscellaneous, { onError: onConflict }),
  };

  const body = (vouchered: boolean) =>
    kartBody(form.values, kart && { id: kart.id, version: kart.version }, vouchered) as RequestIn<typeof saveKart>;
  const submit = form.onSubmit(() => save.run(body(kart?.isVouchered ?? false)));

  /** Voucher: the vouchered rules first, on the fields; nothing is sent while one fails. */
  const voucher = async () => {
    const errors = validator(kart, true)(form.values);
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      toastError(String(Object.values(errors)[0]));
      return;
    }
    await save.run(body(true));
  };

  const cancel = () => (kart ? cancelAction.run({ id: kart.id, version: kart.version }) : Promise.resolve(undefined));

  /** A saved line through its kart/remove* call; the kart answers without it. */
  const removeSaved = async (section: LineSection, index: number) => {
    const k = current.current;
    const line = form.values[section][index];
    if (section === 'flightDetails' || !k || !line?.id) return;
    const wasDirty = form.isDirty();
    const next = await removers[section].run({ id: k.id, lineId: line.id, version: k.version });
    if (!next) return;
    if (!wasDirty) adopt(next);
    else {
      // Other edits stay on the form; the kart (version, totals) is the server's.
      setKart(next);
      current.current = next;
      form.removeListItem(section, index);
    }
  };

  const reloadKart = async () => {
    const k = await reload();
    if (k) adopt(k);
  };

  /**
   * A hotel, activity or other service line: the quotation now has an itinerary, so the §5 "at least one
   * itinerary" message goes with it (it is checked again on save).
   */
  const addItinerary = (section: 'accomodations' | 'activities' | 'miscellaneous') => {
    form.insertListItem(section, blankLine[section]());
    form.clearFieldError('itinerary');
  };
  const addFlight = () => form.insertListItem('flightDetails', blankLine.flightDetails());

  return {
    kart,
    form,
    conflict,
    submit,
    saving: save.busy,
    voucher,
    cancel,
    removeSaved,
    reloadKart,
    addItinerary,
    addFlight,
  };
}

export type KartEditor = ReturnType<typeof useKartEditor>;
