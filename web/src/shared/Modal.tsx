import { useCallback, useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  Button,
  Drawer as MantineDrawer,
  Group,
  Modal as MantineModal,
  Text,
  type DrawerProps,
  type ModalProps,
} from '@mantine/core';
import { onActionSuccess } from '#api/action.ts';

/**
 * The app's dialogs (docs/decisions.md "Dialogs"): Mantine's Modal and Drawer with the same props, and two
 * rules every dialog follows.
 *
 * - Escape closes only the innermost layer. An open date picker, select or menu in the dialog takes it
 *   (Mantine marks their field `data-mantine-stop-propagation` while open; `DateField` does the same); the
 *   dialog closes on the next one.
 * - A dialog with typed data asks before discarding it. Escape, the × and a click outside first compare the
 *   dialog's fields (typed, picked or ticked) with what they held when the person started working in it;
 *   when anything changed, "Discard your changes?" asks, and only Discard closes. A successful save (any
 *   `useAction` write) makes what the dialog then holds the new starting point. Closing in code (after a
 *   save, a Cancel button) is not asked about.
 */
export function Modal({ opened, onClose, closeOnEscape = true, trapFocus = true, children, ...rest }: ModalProps) {
  const guard = useDiscardGuard(opened, onClose);
  return (
    <>
      <MantineModal
        opened={opened}
        onClose={guard.requestClose}
        // While the question is open it is the innermost layer: Escape, Tab and clicks are its own.
        closeOnEscape={closeOnEscape && !guard.asking}
        trapFocus={trapFocus && !guard.asking}
        {...rest}
      >
        {guard.watch(children)}
      </MantineModal>
      {guard.question}
    </>
  );
}

/** A drawer with a form in it: the same two rules as `Modal`. */
export function Drawer({ opened, onClose, closeOnEscape = true, trapFocus = true, children, ...rest }: DrawerProps) {
  const guard = useDiscardGuard(opened, onClose);
  return (
    <>
      <MantineDrawer
        opened={opened}
        onClose={guard.requestClose}
        closeOnEscape={closeOnEscape && !guard.asking}
        trapFocus={trapFocus && !guard.asking}
        {...rest}
      >
        {guard.watch(children)}
      </MantineDrawer>
      {guard.question}
    </>
  );
}

/** Every field's value under `root`, in document order: what a person typed, picked or ticked there. */
export function fieldValues(root: HTMLElement | null): string[] {
  if (!root) return [];
  // Read-only and disabled fields are not a person's to type in (a shown link); a select's pick is in its
  // hidden input (its shown one is read-only), as is a date field's.
  const fields = root.querySelectorAll<HTMLElement>(
    'input:not([readonly]):not(:disabled), textarea:not([readonly]):not(:disabled), select:not(:disabled), [contenteditable="true"]',
  );
  return Array.from(fields, (el) => {
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return String(el.checked);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
      return el.value;
    return el.textContent ?? '';
  });
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function useDiscardGuard(opened: boolean, onClose: () => void) {
  const root = useRef<HTMLDivElement>(null);
  // The fields as they were when the person first pressed a key or the pointer in the dialog, or text was first
  // about to arrive in a field: values a dialog fills in by itself before that (loaded details, defaults) are not
  // theirs to lose.
  const baseline = useRef<string[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    setAsking(false);
  }

  useEffect(() => {
    if (!opened) return;
    // Opened (again, for a dialog kept mounted): what it holds now is a new starting point.
    baseline.current = null;
    // Saved: the next key or pointer press in the dialog starts a new round of typing.
    return onActionSuccess(() => {
      baseline.current = null;
    });
  }, [opened]);

  const start = useCallback((_e?: SyntheticEvent | Event) => {
    baseline.current ??= fieldValues(root.current);
  }, []);
  // Text that arrives without a key (pasted, autofilled, dictated, put in by a test) announces itself first:
  // the native `beforeinput` (React's onBeforeInput is a different, key-based event).
  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      root.current = el;
      el?.addEventListener('beforeinput', start, { capture: true });
    },
    [start],
  );

  const requestClose = () => {
    const before = baseline.current;
    if (before && !same(before, fieldValues(root.current))) setAsking(true);
    else onClose();
  };

  const watch = (children: ReactNode) => (
    // `display: contents`: no box of its own, so the dialog's layout is the children's.
    <div ref={attach} style={{ display: 'contents' }} onKeyDownCapture={start} onPointerDownCapture={start}>
      {children}
    </div>
  );

  const question = (
    <MantineModal
      opened={opened && asking}
      onClose={() => setAsking(false)}
      title="Discard your changes?"
      size="sm"
      centered
      zIndex={400}
      // Escape here is Keep editing, taken from the question's own buttons (focus stays on them). Not Mantine's
      // window listener: it would also take the very Escape that opened the question, which is still going on.
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Text size="sm">What you entered in this dialog will be lost.</Text>
      <Group
        justify="flex-end"
        gap="sm"
        mt="md"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          setAsking(false);
        }}
      >
        <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
          Keep editing
        </Button>
        <Button
          color="red"
          onClick={() => {
            setAsking(false);
            onClose();
          }}
        >
          Discard
        </Button>
      </Group>
    </MantineModal>
  );

  return { asking, requestClose, watch, question };
}
