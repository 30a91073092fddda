// The optional images of a support ticket or reply (the server checks count, type and size).
/** A labelled file input for PNG, JPEG or WebP images; `onFiles` gets the chosen files. */
export function ImagesInput({ label, onFiles }: { label: string; onFiles(files: File[]): void }) {
  return (
    <label>
      {label}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple
        onChange={(e) => onFiles([...(e.target.files ?? [])])}
      />
    </label>
  );
}
