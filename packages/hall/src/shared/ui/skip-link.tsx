/** "跳到主要内容": the first focusable element of every page, moving focus to the content. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      跳到主要内容
    </a>
  );
}
