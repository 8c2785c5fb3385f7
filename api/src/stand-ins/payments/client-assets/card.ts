/**
 * Browser code shared by the hosted-field frames and their controller frame (served from the
 * payment stand-in's own origin as /hosted-fields/card.js): card type detection, formatting and
 * validation, like Braintree's card-validator. Plain ES5-ish JavaScript in a string: it runs in
 * the frames, never in the API process.
 */
export const CARD_JS = String.raw`(function () {
  'use strict';
  var CARDS = {
    visa: { type: 'visa', niceType: 'Visa', gaps: [4, 8, 12], lengths: [16, 18, 19], code: { name: 'CVV', size: 3 } },
    'master-card': { type: 'master-card', niceType: 'Mastercard', gaps: [4, 8, 12], lengths: [16], code: { name: 'CVC', size: 3 } },
    'american-express': { type: 'american-express', niceType: 'American Express', gaps: [4, 10], lengths: [15], code: { name: 'CID', size: 4 } },
    jcb: { type: 'jcb', niceType: 'JCB', gaps: [4, 8, 12], lengths: [16, 17, 18, 19], code: { name: 'CVV', size: 3 } },
    discover: { type: 'discover', niceType: 'Discover', gaps: [4, 8, 12], lengths: [16, 19], code: { name: 'CID', size: 3 } }
  };
  function digitsOf(value) { return String(value || '').replace(/[\s-]/g, ''); }
  function detect(digits) {
    if (/^4/.test(digits)) return CARDS.visa;
    if (/^(5[1-5]|2[2-7])/.test(digits)) return CARDS['master-card'];
    if (/^3[47]/.test(digits)) return CARDS['american-express'];
    if (/^35/.test(digits)) return CARDS.jcb;
    if (/^(6011|65|64[4-9])/.test(digits)) return CARDS.discover;
    return null;
  }
  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i += 1) {
      var d = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function number(value) {
    var digits = digitsOf(value);
    var card = detect(digits);
    var max = card ? Math.max.apply(null, card.lengths) : 19;
    var valid = /^\d+$/.test(digits) && !!card && card.lengths.indexOf(digits.length) >= 0 && luhn(digits);
    var potentially = valid || (/^\d*$/.test(digits) && digits.length < max);
    return { card: card, isValid: valid, isPotentiallyValid: potentially, isEmpty: digits.length === 0 };
  }
  function formatNumber(value) {
    var digits = digitsOf(value).replace(/\D/g, '').slice(0, 19);
    var card = detect(digits);
    var gaps = card ? card.gaps : [4, 8, 12];
    var out = '';
    for (var i = 0; i < digits.length; i += 1) {
      if (gaps.indexOf(i) >= 0) out += ' ';
      out += digits.charAt(i);
    }
    return out;
  }
  function expiry(value, now) {
    var text = String(value || '').replace(/\s/g, '');
    var match = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(text);
    if (!match) return { isValid: false, isPotentiallyValid: /^\d{0,2}\/?\d{0,4}$/.test(text) && text.length < 7, isEmpty: text.length === 0 };
    var month = Number(match[1]);
    var year = Number(match[2]);
    if (year < 100) year += 2000;
    var date = now || new Date();
    var current = date.getFullYear() * 12 + date.getMonth() + 1;
    var valid = month >= 1 && month <= 12 && year * 12 + month >= current && year <= date.getFullYear() + 20;
    return { isValid: valid, isPotentiallyValid: valid, isEmpty: false, month: month, year: year };
  }
  function formatExpiry(value, deleting) {
    var digits = String(value || '').replace(/\D/g, '').slice(0, 6);
    if (digits.length === 1 && Number(digits) > 1) digits = '0' + digits;
    if (digits.length > 2) return digits.slice(0, 2) + '/' + digits.slice(2);
    if (digits.length === 2 && !deleting) return digits + '/';
    return digits;
  }
  function cvv(value, size) {
    var text = String(value || '');
    var sizes = size ? [size] : [3, 4];
    var valid = /^\d+$/.test(text) && sizes.indexOf(text.length) >= 0;
    return { isValid: valid, isPotentiallyValid: valid || (/^\d*$/.test(text) && text.length < Math.max.apply(null, sizes)), isEmpty: text.length === 0 };
  }
  window.FernleafCard = { CARDS: CARDS, detect: detect, number: number, formatNumber: formatNumber, expiry: expiry, formatExpiry: formatExpiry, cvv: cvv, digitsOf: digitsOf };
})();
`;
