export interface StoreNoticeViewProps {
  readonly text: string;
  readonly onDismiss: () => void;
}

/** The banner's content; the container (a labelled region) comes from the server. */
export function StoreNotice({ text, onDismiss }: StoreNoticeViewProps) {
  return (
    <>
      <p className="store-notice__text">{text}</p>
      <button type="button" className="store-notice__dismiss" onClick={onDismiss}>
        Dismiss
      </button>
    </>
  );
}
