import { readFileSync } from 'node:fs';
import * as retire from 'retire';
import type { Repository } from 'retire/lib/types';
import { DATA_PACKAGES } from './data-sources';
import { libraryInBanner, libraryInScriptUrl, MAX_MATCHED_URL_LENGTH } from './retire';

/** Retire.js's own scanner over the same data, as the product called it before: what the compiled matcher must agree with. */
const reference = (() => {
  const file = require.resolve(`${DATA_PACKAGES.vulnerabilities.package}/vulnerabilities/RetireJsVulns.json`);
  const repo = JSON.parse(retire.replaceVersion(readFileSync(file, 'utf8'))) as Repository;
  delete repo['retire-example'];
  delete repo['dont check'];
  const names = (found: { component: string; version: string }[]) => found.map((c) => `${c.component}@${c.version}`);
  return {
    url: (url: string) =>
      [
        ...new Set([
          ...names(retire.scanFileName(new URL(url).pathname, repo, false)),
          ...names(retire.scanUri(url.split(/[?#]/)[0]!, repo)),
        ]),
      ].sort(),
    banner: (banner: string) => names(retire.scanFileContent(banner, repo, { sha1: () => '' })).sort(),
  };
})();

const URLS = [
  'https://code.jquery.com/jquery-1.12.4.min.js',
  'https://cdnjs.cloudflare.com/ajax/libs/jquery/3.6.0/jquery.min.js?v=2',
  'https://ajax.googleapis.com/ajax/libs/angularjs/1.5.8/angular.min.js',
  'https://maxcdn.bootstrapcdn.com/bootstrap/3.3.7/js/bootstrap.min.js',
  'https://cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.4/lodash.min.js',
  'https://cdnjs.cloudflare.com/ajax/libs/moment.js/2.18.1/moment.min.js',
  'https://cdn.jsdelivr.net/npm/jquery-validation@1.19.0/dist/jquery.validate.min.js',
  'https://example.com/vendor/vue@2.5.16/dist/vue.js',
  'https://example.com/knockout/3.4.0/knockout-debug.js',
  'https://example.com/tinymce/4.1.0/tinymce.min.js',
  'https://example.com/assets/app.3f9a1c.js',
];
const BANNERS = [
  '/*! jQuery v1.12.4 | (c) jQuery Foundation | jquery.org/license */',
  '/*!\n * jQuery JavaScript Library v1.8.3\n * http://jquery.com/\n',
  '/*! jQuery UI - v1.10.0 - 2013-01-17\r\n* http://jqueryui.com\r\n',
  '/**\n * @license AngularJS v1.5.8\n * (c) 2010-2016 Google, Inc.',
  '//! moment.js\n//! version : 2.18.1\n',
  '/*!\n * Bootstrap v3.3.7 (http://getbootstrap.com)\n',
  '!function(e){"use strict";var t=function(){}}(window);',
];

describe('libraries by script address and banner', () => {
  it.each(URLS)('%s: the libraries Retire.js’s own scanner finds', (url) => {
    const found = libraryInScriptUrl(url).map(({ match }) => `${match.component}@${match.version}`);
    expect([...new Set(found)].sort()).toEqual(reference.url(url));
  });

  it.each(BANNERS)('%j: the libraries Retire.js’s own scanner finds', (banner) => {
    expect(
      libraryInBanner(banner)
        .map((m) => `${m.component}@${m.version}`)
        .sort(),
    ).toEqual(reference.banner(banner));
  });

  it('reads no library from an address longer than the cap, and no version longer than 40 characters', () => {
    const digits = '1'.repeat(4096);
    expect(libraryInScriptUrl(`https://vendor.example/${digits}/${digits}.js`)).toEqual([]);
    expect(libraryInScriptUrl(`https://vendor.example/${'a/'.repeat(MAX_MATCHED_URL_LENGTH)}jquery-1.12.4.min.js`)).toEqual([]);
    expect(libraryInScriptUrl(`https://vendor.example/js/jquery-${'1.'.repeat(30)}1.min.js`)).toEqual([]);
    expect(libraryInBanner(`/*! jQuery v${'1'.repeat(100)}`)).toEqual([{ component: 'jquery', version: '1'.repeat(40) }]);
  });
});
