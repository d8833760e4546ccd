/**
 * 政务服务网登录: opens /zwLogin, which sends the citizen to the government service platform with a new `state` and
 * PKCE challenge (the code that does it loads with that page, not with the login page); the platform sends them back
 * to /zwLogin with a one-time authCode bound to this hall.
 */
export function GovLoginLink() {
  return (
    <p className="login__gov">
      <a href="#/zwLogin">政务服务网登录</a>
    </p>
  );
}
