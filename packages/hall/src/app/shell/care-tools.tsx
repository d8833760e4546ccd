import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $careMode } from '../../shared/care-mode';
import { $largeCursor, chineseVoice, setLargeCursor, textToRead } from '../../shared/care-tools';
import { prefersSmsCheck } from '../../shared/ui/two-check-sms';

/**
 * What the MIIT guideline lists beside care mode (issue 37, item 7), shown while care mode is on: 大鼠标 on a computer
 * (a large pointer, kept like the care choice) and 朗读 on a phone (the Web Speech API's zh-CN voice reading the
 * selected text, or what had focus; not shown where the browser has no such voice).
 *
 * @example
 * <CareTools />
 */
export function CareTools() {
  const care = useStore($careMode);
  const large = useStore($largeCursor);
  const [voice, setVoice] = useState<SpeechSynthesisVoice | undefined>(() => chineseVoice());
  const [speaking, setSpeaking] = useState(false);
  const lastFocused = useRef<Element | null>(null);
  const [phone] = useState(() => typeof matchMedia !== 'undefined' && prefersSmsCheck());

  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    // Voices load after the page in most browsers.
    const update = () => setVoice(chineseVoice());
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => speechSynthesis.removeEventListener('voiceschanged', update);
  }, []);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof Element && !event.target.closest('.care-tools')) lastFocused.current = event.target;
    };
    addEventListener('focusin', remember);
    return () => removeEventListener('focusin', remember);
  }, []);
  useEffect(() => () => void (typeof speechSynthesis !== 'undefined' && speechSynthesis.cancel()), []);

  if (!care) return null;
  const read = () => {
    if (!voice) return;
    if (speaking) {
      speechSynthesis.cancel();
      setSpeaking(false);
      return;
    }
    const text = textToRead(lastFocused.current) || document.querySelector('main')?.textContent?.trim() || '';
    if (!text) return;
    const utterance = new SpeechSynthesisUtterance(text);
    if (voice instanceof SpeechSynthesisVoice) utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = 0.9;
    utterance.onend = utterance.onerror = () => setSpeaking(false);
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
    setSpeaking(true);
  };
  return (
    <div className="care-tools">
      {!phone && (
        <button type="button" className="care-switch care-tools__cursor" aria-pressed={large} onClick={() => setLargeCursor(!large)}>
          <span className="care-switch__icon" aria-hidden="true" />
          大鼠标
        </button>
      )}
      {phone && voice && (
        <button
          type="button"
          className="care-switch care-tools__read"
          aria-pressed={speaking}
          // Keep the selection the person made: a tap on the button must not clear it before it is read.
          onMouseDown={(event) => event.preventDefault()}
          onClick={read}
        >
          {speaking ? '停止朗读' : '朗读'}
        </button>
      )}
    </div>
  );
}
