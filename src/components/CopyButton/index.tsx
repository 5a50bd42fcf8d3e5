import { useEffect, useState, type ReactNode } from 'react';

/**
 * The copy button of the site's own code blocks (the reference's samples, the recipes' programs): the same markup on
 * the server and in the browser, "Copied" for two seconds after a copy. Outside ApiOperation/ so a guide page's recipe
 * code does not pull in the reference's chunk; each caller styles it.
 */
export default function CopyButton({ code, className }: { code: string; className?: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={className}
      aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
      onClick={() => {
        void navigator.clipboard.writeText(code).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
