import { useStore } from '@nanostores/react';
import { $careMode, setCareMode } from '../../shared/care-mode';
import './care-mode.css';

/**
 * The 关怀模式 switch of the header (MIIT 适老化): a toggle button, pressed while care mode is on; the choice is kept in
 * this browser (shared/care-mode.ts).
 *
 * @example
 * <CareModeSwitch />
 */
export function CareModeSwitch() {
  const on = useStore($careMode);
  return (
    <button type="button" className="care-switch" aria-pressed={on} onClick={() => setCareMode(!on)}>
      <span className="care-switch__icon" aria-hidden="true" />
      关怀模式
    </button>
  );
}
