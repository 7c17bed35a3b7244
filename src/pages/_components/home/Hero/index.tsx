import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/** Decorative: a photo with two detections, drawn inline so the hero costs no request. */
function DetectionIllustration(): React.JSX.Element {
  return (
    <svg
      className={styles.illustration}
      viewBox="0 0 360 260"
      role="img"
      aria-label="A street photo with two detected objects: a car and a person, each in a labelled box"
    >
      <rect width="360" height="260" rx="16" fill="#e9ecfb" />
      <circle cx="292" cy="58" r="22" fill="#ffd57a" />
      <path d="M0 176 86 98l58 48 70-74 146 112v76H0Z" fill="#c9cff5" />
      <path d="M0 206h360v54H0Z" fill="#aab2e8" />
      <path d="M0 226h360" stroke="#fff" strokeWidth="3" strokeDasharray="18 14" />
      <path d="M58 214v-24l18-22h66l22 22h14v24Z" fill="#4b4fc4" stroke="#2d2db9" strokeWidth="2" />
      <circle cx="86" cy="216" r="11" fill="#1f2144" />
      <circle cx="150" cy="216" r="11" fill="#1f2144" />
      <circle cx="244" cy="150" r="11" fill="#1f2144" />
      <path d="M232 164h24l4 54h-32Z" fill="#1f2144" />
      <rect
        x="48"
        y="158"
        width="142"
        height="74"
        rx="3"
        fill="none"
        stroke="#3b3bd4"
        strokeWidth="3"
      />
      <rect x="48" y="136" width="84" height="22" rx="3" fill="#3b3bd4" />
      <text x="56" y="151" fill="#fff" fontSize="13" fontFamily="system-ui, sans-serif">
        car 0.94
      </text>
      <rect
        x="220"
        y="130"
        width="50"
        height="98"
        rx="3"
        fill="none"
        stroke="#0b7a75"
        strokeWidth="3"
      />
      <rect x="220" y="108" width="98" height="22" rx="3" fill="#0b7a75" />
      <text x="228" y="123" fill="#fff" fontSize="13" fontFamily="system-ui, sans-serif">
        person 0.91
      </text>
    </svg>
  );
}

export default function Hero(): React.JSX.Element {
  return (
    <header className={styles.hero}>
      <div className="container">
        <div className={styles.grid}>
          <div>
            <p className={styles.eyebrow}>Computer-vision APIs · Pay per call</p>
            <h1 className={styles.title}>Add computer vision to your product with one API call</h1>
            <p className={styles.lead}>
              Detect objects, estimate depth, classify and segment images over HTTPS. Create an API
              key, send an image and get structured JSON back. Each call is paid from prepaid USD
              credits: no servers, no subscription, no minimum.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/sign-up/">
                Start building
              </Link>
              <Link
                className="button button--outline button--primary button--lg"
                to="/dashboard/public-deployment/"
              >
                Read the docs
              </Link>
            </div>
          </div>
          <DetectionIllustration />
        </div>
      </div>
    </header>
  );
}
