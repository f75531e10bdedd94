import { Minus, Plus } from 'lucide-react';
import styles from './payments.module.css';

type StepperProps = {
  /** Names the group ("Quantity of Draught beer to pay"). */
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
  /** What the value reads as ("2 / 3"); the value itself when omitted. */
  display?: string;
};

/** A − value + control: two real buttons and the value, announced when it changes. */
export function Stepper({
  label,
  value,
  min,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
  display,
}: StepperProps) {
  return (
    <fieldset className={styles.stepper} aria-label={label}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={decreaseLabel}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus size={18} aria-hidden="true" />
      </button>
      <output className={styles.stepperValue} aria-live="polite">
        {display ?? value}
      </output>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus size={18} aria-hidden="true" />
      </button>
    </fieldset>
  );
}
