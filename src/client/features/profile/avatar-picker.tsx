// Avatar choice on /profile: one of the shipped avatars, or an uploaded PNG, JPEG or WebP (≤ 2 MB;
// the server checks both again).
import { useRef, useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { setPresetAvatar, uploadAvatar, type ProfileUpdate } from '../../lib/api/profile.ts';
import { useSession } from '../../stores/session.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { AVATAR_MAX_BYTES, SHIPPED_AVATARS, shippedAvatarUrl } from '../../../shared/api/profile.ts';
import type { PublicUser } from '../../../shared/api/user.ts';
import { shrinkImage } from './avatar-image.ts';

/** The avatar picker. */
export function AvatarPicker({ user }: { user: PublicUser }) {
  const setUser = useSession((s) => s.setUser);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const done = ({ msg, data }: ProfileUpdate) => {
    setUser(data);
    setError(null);
    toast.success(msg);
  };
  const run = async (call: () => Promise<ProfileUpdate>) => {
    setBusy(true);
    try {
      done(await call());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const onFile = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    setBusy(true);
    void shrinkImage(file).then((image) => {
      // Larger pictures go up scaled to 256 px; the server checks type and size again.
      if (image.size <= AVATAR_MAX_BYTES) return run(() => uploadAvatar(image));
      setBusy(false);
      setError('The avatar may not be larger than 2 MB.');
    });
  };

  return (
    <fieldset className="profile-panel avatar-picker" data-testid="avatar-picker" disabled={busy}>
      <legend>Avatar</legend>
      <ul className="avatar-grid">
        {SHIPPED_AVATARS.map((name) => {
          const url = shippedAvatarUrl(name);
          return (
            <li key={name}>
              <button
                type="button"
                className="avatar-choice"
                aria-pressed={user.avatar_url === url}
                aria-label={`Use the ${name} avatar`}
                onClick={() => void run(() => setPresetAvatar(name))}
              >
                <img src={url} alt="" width={48} height={48} />
              </button>
            </li>
          );
        })}
      </ul>
      <label className="btn btn-outline btn-sm avatar-upload">
        Upload an image
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          data-testid="avatar-file"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </label>
      <p className="muted small">PNG, JPEG or WebP, at most 2 MB; larger pictures are scaled to 256 px.</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
