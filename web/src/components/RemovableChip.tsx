interface RemovableChipProps {
  /** What the chip shows ("welcome10"). */
  readonly text: string;
  readonly onRemove: () => void;
  /** While the removal is pending. */
  readonly disabled?: boolean;
}

/**
 * A removable chip (SPEC §2.8): its control is named `Remove "{text}"` (`Remove` without
 * text) and removes the chip on click, Backspace or Delete.
 */
export function RemovableChip({ text, onRemove, disabled = false }: RemovableChipProps) {
  return (
    <span className="wc-block-components-chip wc-block-components-chip--radius-large chip">
      <span className="wc-block-components-chip__text">{text}</span>
      <button
        type="button"
        className="wc-block-components-chip__remove chip__remove"
        aria-label={text === '' ? 'Remove' : `Remove "${text}"`}
        disabled={disabled}
        onClick={onRemove}
        onKeyDown={(event) => {
          if (event.key === 'Backspace' || event.key === 'Delete') {
            event.preventDefault();
            onRemove();
          }
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
