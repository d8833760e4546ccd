// The platform page's script: signs in (demo), configures the element with the hall's origin and the token, and shows
// each message of the archive page as it arrives. No framework; GjjWidgets comes from gjj-widgets.js (both elements, one configure).
const hall = document.documentElement.dataset.hallOrigin;
let token = null;

const $ = (id) => document.getElementById(id);
const log = (type, detail) => {
  const li = document.createElement('li');
  li.dataset.type = type;
  const name = document.createElement('code');
  name.textContent = type;
  li.append(name, ` ${detail === undefined || detail === null ? '' : JSON.stringify(detail)}`);
  $('log').append(li);
};

// The token goes to the hall only: getToken is asked when the archive page says `ready`, and the element sends it
// in `init` to the hall's exact origin.
window.GjjWidgets.configure({ apiBase: hall, getToken: () => token });

async function signIn() {
  $('sign-in').disabled = true;
  try {
    const answer = await fetch('/demo/sign-in', { method: 'POST' });
    const session = await answer.json();
    if (!answer.ok) throw new Error(session.msg);
    token = session.token;
    $('who').textContent = `${session.name}，您好`;
    $('application').textContent = `业务编号：${session.ywbh}`;
    mount(session.ywbh);
  } catch (error) {
    $('application').textContent = String(error.message || error);
  } finally {
    $('sign-in').disabled = false;
  }
}

function mount(ywbh) {
  const element = document.createElement('gjj-archive-collector');
  element.setAttribute('ywbh', ywbh);
  element.setAttribute('hall-origin', hall);
  element.setAttribute('label', '申请材料上传');
  $('collector').replaceChildren(element);
  $('outcome').textContent = '';
  // The authorisation letter of the same application, signed on the applicant's phone.
  const signing = document.createElement('gjj-qr-signing');
  signing.setAttribute('ywbh', ywbh);
  signing.setAttribute('api-base', hall);
  signing.setAttribute('label', '授权委托书扫码签署');
  $('signing').replaceChildren(signing);
}

const EVENTS = {
  'gjj-last-step': () => ($('outcome').textContent = '已返回上一步（示例页面没有上一步，仅记录）。'),
  'gjj-token-timeout': () => {
    token = null;
    if (!$('expired').open) $('expired').showModal();
  },
  'gjj-preview': (e) => ($('outcome').textContent = `正在预览：${e.detail.fileName}`),
  'gjj-message': (e) => ($('outcome').textContent = e.detail.text),
  'gjj-complete': (e) => ($('outcome').textContent = `材料收集完成：${e.detail.materials} 项材料，${e.detail.files} 个文件。`),
  'gjj-signed': () => ($('outcome').textContent = '授权委托书已签署，已存入本事项的申请材料。'),
  'gjj-expired': () => ($('outcome').textContent = '签署二维码已过期，请点击刷新。'),
};
for (const [type, show] of Object.entries(EVENTS)) {
  document.addEventListener(type, (event) => {
    log(type, event.detail);
    show(event);
  });
}
// `ready` and `resize` are the element's own business; the page sees them as the frame appearing and growing.
$('sign-in').addEventListener('click', () => void signIn());
$('relogin').addEventListener('click', () => {
  $('expired').close();
  void signIn();
});
