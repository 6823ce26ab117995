/*
 * The HTML documents of MDN HTTP Observatory's test suite that deliver policies in `<meta>` elements
 * (mdn/mdn-http-observatory, test/files/test_parse_http_equiv_headers_*.html), copied verbatim.
 *
 * This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0. If a copy of
 * the MPL was not distributed with this file, You can obtain one at https://mozilla.org/MPL/2.0/.
 * Copyright the MDN HTTP Observatory contributors.
 */

/** Each file with the policies the Observatory reads from it (`parseHttpEquivHeaders`). */
export const OBSERVATORY_HTML_FILES = {
  'test_parse_http_equiv_headers_csp1.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none';" />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    metaPolicies: { contentSecurityPolicy: ["default-src 'none';"], referrerPolicy: null },
  },
  'test_parse_http_equiv_headers_csp2.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src https:" />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    metaPolicies: { contentSecurityPolicy: ['default-src https:'], referrerPolicy: null },
  },
  'test_parse_http_equiv_headers_csp_multiple_http_equiv1.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />

    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'none'; object-src 'none'; media-src 'none';"
    />
    <meta
      http-equiv="Content-SECURITY-Policy"
      content="connect-src 'self'; font-src 'self'; child-src 'self'"
    />
    <meta
      http-equiv=" Content-Security-Policy "
      content="img-src 'self'; style-src 'self' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ"
    />
    <meta
      http-equiv="Content-security-Policy"
      content="script-src 'self' 'unsafe-inline' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ'"
    />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    metaPolicies: {
      contentSecurityPolicy: [
        "default-src 'none'; object-src 'none'; media-src 'none';",
        "connect-src 'self'; font-src 'self'; child-src 'self'",
        "img-src 'self'; style-src 'self' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ",
        "script-src 'self' 'unsafe-inline' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ'",
      ],
      referrerPolicy: null,
    },
  },
  'test_parse_http_equiv_headers_not_allowed.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      http-equiv="Content-Security-Policy"
      content="frame-ancestors 'none'"
    />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    metaPolicies: { contentSecurityPolicy: ["frame-ancestors 'none'"], referrerPolicy: null },
  },
  'test_parse_http_equiv_headers_referrer1.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="referrer" content="no-referrer, same-origin" />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    metaPolicies: { contentSecurityPolicy: [], referrerPolicy: 'no-referrer, same-origin' },
  },
  'test_parse_http_equiv_headers_case_insensitivity.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="referRer" content="no-referrer, same-origin" />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    metaPolicies: { contentSecurityPolicy: [], referrerPolicy: 'no-referrer, same-origin' },
  },
  'test_parse_http_equiv_headers_x_frame_options.html': {
    html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="X-Frame-Options" content="DENY" />
    <title>Title</title>
  </head>
  <body></body>
</html>
`,
    // Browsers ignore X-Frame-Options in <meta>, and so does the Observatory: nothing is read.
    metaPolicies: null,
  },
  'test_content_sri_no_scripts.html': {
    html: `<html>
  <head></head>
  <body></body>
</html>
`,
    metaPolicies: null,
  },
} as const satisfies Record<
  string,
  { html: string; metaPolicies: { contentSecurityPolicy: readonly string[]; referrerPolicy: string | null } | null }
>;

export type ObservatoryHtmlFile = keyof typeof OBSERVATORY_HTML_FILES;
