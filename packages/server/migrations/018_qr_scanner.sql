-- QR login bound to the login that scanned it (issue 18, item 20; docs/security/qr-token.md, docs/api-qr.md).
-- scanned_by: the login whose scan (qrcode/scanQrCode) claimed the code; from then on only it may see the code's
-- details and confirm or refuse it, every other login gets 403. requester_browser: what the confirmation page shows
-- of the browser that asked for the code, a fixed Chinese summary such as "Chrome 浏览器（Windows）" made from its
-- User-Agent when it asked (the User-Agent itself is not kept).
alter table qr_login add column scanned_by bigint references app_user (id) on delete cascade;
alter table qr_login add column requester_browser text not null default '';
