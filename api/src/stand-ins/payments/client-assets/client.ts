/**
 * The payment stand-in's client script (/js/client.js on its own origin), in the shape of
 * Braintree's web SDK (braintree-web v3) as far as the storefront uses it:
 *
 *   braintree.client.create({ authorization })                         -> client
 *   braintree.hostedFields.create({ client, fields, styles })           -> hostedFields
 *     .on('validityChange' | 'cardTypeChange' | 'focus' | 'blur' | 'empty' | 'notEmpty' | 'inputSubmitRequest', handler)
 *     .tokenize() -> { nonce, details: { cardType, lastFour, lastTwo, expirationMonth, expirationYear }, type: 'CreditCard', description }
 *     .focus(field), .clear(field), .getState(), .teardown()
 *   braintree.paypal.create({ client }) -> paypal
 *     .tokenize({ flow: 'checkout', amount, currency }) -> { nonce, details: { email, payerId }, type: 'PayPalAccount' }
 *       (opens the approval popup: call it from a click handler; PAYPAL_POPUP_CLOSED when cancelled or closed)
 *   braintree.applePay.create({ client }) -> applePay
 *     .createPaymentRequest(request), .performValidation({ validationURL, displayName }) -> merchant session,
 *     .tokenize({ token }) -> { nonce, details: { cardType, dpanLastTwo }, type: 'ApplePayCard' }
 *
 * Errors are BraintreeError-like: { name: 'BraintreeError', code, message, details }.
 */
export const CLIENT_JS = String.raw`(function () {
  'use strict';
  if (window.braintree && window.braintree.__standIn) return;
  var script = document.currentScript;
  var ORIGIN = new URL(script && script.src ? script.src : location.href).origin;
  var VERSION = '3.fernleaf-stand-in';
  function uid() { return Math.random().toString(36).slice(2) + Date.now().toString(36); }
  function error(code, message, details) {
    var e = new Error(message);
    e.name = 'BraintreeError';
    e.code = code;
    e.type = 'CUSTOMER';
    if (details) e.details = details;
    return e;
  }
  function post(path, body) {
    return fetch(ORIGIN + path, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .catch(function () { throw error('NETWORK_ERROR', 'A network error occurred.'); })
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (json) {
          if (!r.ok) throw error(json.code || 'NETWORK_ERROR', json.message || 'The request failed.', json);
          return json;
        });
      });
  }
  function needsClient(options) {
    if (!options || !options.client || typeof options.client.authorization !== 'string') throw error('INSTANTIATION_OPTION_REQUIRED', 'options.client is required when instantiating.');
    return options.client;
  }

  var client = {
    create: function (options) {
      if (!options || typeof options.authorization !== 'string' || !options.authorization) return Promise.reject(error('CLIENT_INVALID_AUTHORIZATION', 'Authorization is invalid. Make sure your client token or tokenization key is valid.'));
      var authorization = options.authorization;
      return Promise.resolve({
        authorization: authorization,
        getConfiguration: function () { return { authorization: authorization, gatewayConfiguration: { assetsUrl: ORIGIN, clientApiUrl: ORIGIN + '/client/v1' }, analyticsMetadata: { sdkVersion: VERSION } }; },
        teardown: function () { return Promise.resolve(); }
      });
    }
  };

  var TITLES = { number: 'Secure card number field', expirationDate: 'Secure expiry date field', cvv: 'Secure CVV field' };
  var hostedFields = {
    create: function (options) {
      return new Promise(function (resolve, reject) {
        var theClient = needsClient(options);
        var fields = options.fields || {};
        var keys = ['number', 'expirationDate', 'cvv'].filter(function (k) { return !!fields[k]; });
        if (keys.indexOf('number') < 0) throw error('HOSTED_FIELDS_FIELDS_MISSING', 'The number field is required.');
        var channel = uid();
        var frames = {};
        var state = {};
        var handlers = {};
        var pending = {};
        var waiting = keys.concat(['controller']);
        var cards = [];
        var done = false;
        var fragment = function (extra) {
          var base = { channel: channel, parentOrigin: location.origin };
          for (var k in extra) base[k] = extra[k];
          return '#' + encodeURIComponent(JSON.stringify(base));
        };
        function emit(name, emittedBy) {
          var event = { emittedBy: emittedBy, cards: cards, fields: publicFields() };
          (handlers[name] || []).slice().forEach(function (h) { try { h(event); } catch (e) { setTimeout(function () { throw e; }); } });
        }
        function publicFields() {
          var out = {};
          keys.forEach(function (k) { out[k] = { container: state[k].container, isEmpty: state[k].isEmpty, isValid: state[k].isValid, isPotentiallyValid: state[k].isPotentiallyValid, isFocused: state[k].isFocused }; });
          return out;
        }
        function classes(key) {
          var s = state[key];
          var list = s.container.classList;
          list.toggle('braintree-hosted-fields-focused', s.isFocused);
          list.toggle('braintree-hosted-fields-invalid', !s.isPotentiallyValid);
          list.toggle('braintree-hosted-fields-valid', s.isValid);
        }
        function onMessage(event) {
          if (event.origin !== ORIGIN) return;
          var d = event.data;
          if (!d || d.channel !== channel) return;
          if (d.type === 'ready') {
            waiting = waiting.filter(function (k) { return k !== d.field; });
            if (waiting.length === 0 && !done) { done = true; clearTimeout(timer); resolve(instance); }
          } else if (d.type === 'state' && state[d.field]) {
            var before = state[d.field];
            var after = { container: before.container, isEmpty: !!d.isEmpty, isValid: !!d.isValid, isPotentiallyValid: !!d.isPotentiallyValid, isFocused: !!d.isFocused };
            state[d.field] = after;
            classes(d.field);
            var typeChanged = false;
            if (d.field === 'number' && Array.isArray(d.cards)) {
              typeChanged = JSON.stringify(d.cards) !== JSON.stringify(cards);
              cards = d.cards;
            }
            if (after.isFocused && !before.isFocused) emit('focus', d.field);
            if (!after.isFocused && before.isFocused) emit('blur', d.field);
            if (after.isEmpty !== before.isEmpty) emit(after.isEmpty ? 'empty' : 'notEmpty', d.field);
            if (after.isValid !== before.isValid || after.isPotentiallyValid !== before.isPotentiallyValid) emit('validityChange', d.field);
            if (typeChanged) emit('cardTypeChange', d.field);
          } else if (d.type === 'submit') {
            emit('inputSubmitRequest', d.field);
          } else if (d.type === 'tokenized' && pending[d.id]) {
            var p = pending[d.id];
            delete pending[d.id];
            if (d.ok) p.resolve(d.payload);
            else p.reject(error(d.code, d.message, d.details));
          }
        }
        window.addEventListener('message', onMessage);
        var controller;
        function teardown() {
          window.removeEventListener('message', onMessage);
          keys.forEach(function (k) { if (frames[k] && frames[k].parentNode) frames[k].parentNode.removeChild(frames[k]); state[k].container.classList.remove('braintree-hosted-fields-focused', 'braintree-hosted-fields-invalid', 'braintree-hosted-fields-valid'); });
          if (controller && controller.parentNode) controller.parentNode.removeChild(controller);
          Object.keys(pending).forEach(function (id) { pending[id].reject(error('HOSTED_FIELDS_TEARDOWN', 'Hosted Fields were torn down.')); });
          pending = {};
        }
        var timer = setTimeout(function () {
          if (done) return;
          done = true;
          teardown();
          reject(error('HOSTED_FIELDS_TIMEOUT', 'Hosted Fields timed out when attempting to set up.'));
        }, options.timeout || 20000);
        keys.forEach(function (key) {
          var f = fields[key];
          var where = f.container || f.selector;
          var container = typeof where === 'string' ? document.querySelector(where) : where;
          if (!container) { teardown(); clearTimeout(timer); throw error('HOSTED_FIELDS_INVALID_FIELD_SELECTOR', 'Selector does not reference a valid DOM node.', { fieldSelector: String(where), fieldKey: key }); }
          state[key] = { container: container, isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
          var iframe = document.createElement('iframe');
          iframe.name = 'braintree-hosted-field-' + key;
          iframe.title = f.title || TITLES[key];
          iframe.setAttribute('frameborder', '0');
          iframe.setAttribute('allowtransparency', 'true');
          iframe.setAttribute('scrolling', 'no');
          iframe.style.border = 'none';
          iframe.style.width = '100%';
          iframe.style.height = '100%';
          iframe.style.display = 'block';
          iframe.src = ORIGIN + '/hosted-fields/field.html' + fragment({ field: key, placeholder: f.placeholder || '', label: f.label || '', styles: options.styles || {} });
          container.appendChild(iframe);
          frames[key] = iframe;
        });
        controller = document.createElement('iframe');
        controller.name = 'braintree-hosted-field-controller-' + channel;
        controller.title = 'Secure card fields';
        controller.setAttribute('aria-hidden', 'true');
        controller.tabIndex = -1;
        controller.style.position = 'absolute';
        controller.style.width = '1px';
        controller.style.height = '1px';
        controller.style.left = '-9999px';
        controller.style.border = '0';
        controller.src = ORIGIN + '/hosted-fields/controller.html' + fragment({ authorization: theClient.authorization, fields: keys });
        document.body.appendChild(controller);

        function toFrame(key, msg) {
          var frame = key === 'controller' ? controller : frames[key];
          if (!frame || !frame.contentWindow) return false;
          msg.channel = channel;
          frame.contentWindow.postMessage(msg, ORIGIN);
          return true;
        }
        var instance = {
          on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); },
          off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); },
          getState: function () { return { cards: cards, emittedBy: '', fields: publicFields() }; },
          focus: function (key) { if (!toFrame(key, { type: 'focus' })) return Promise.reject(error('HOSTED_FIELDS_FIELD_INVALID', key + ' is not a valid field.')); return Promise.resolve(); },
          clear: function (key) { toFrame(key, { type: 'clear' }); return Promise.resolve(); },
          setMessage: function (options) { toFrame(options.field, { type: 'describe', text: options.message || '' }); },
          setInvalid: function (key, invalid) { toFrame(key, { type: 'invalid', value: !!invalid }); },
          tokenize: function () {
            return new Promise(function (res, rej) {
              var id = uid();
              pending[id] = { resolve: res, reject: rej };
              if (!toFrame('controller', { type: 'tokenize', id: id })) { delete pending[id]; rej(error('HOSTED_FIELDS_FAILED_TOKENIZATION', 'The supplied card data failed tokenization.')); return; }
              setTimeout(function () { if (pending[id]) { delete pending[id]; rej(error('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', 'A tokenization network error occurred.')); } }, 30000);
            });
          },
          teardown: function () { teardown(); return Promise.resolve(); }
        };
      });
    }
  };

  var paypal = {
    create: function (options) {
      var theClient;
      try { theClient = needsClient(options); } catch (e) { return Promise.reject(e); }
      return Promise.resolve({
        tokenize: function (request) {
          request = request || {};
          if (request.flow !== 'checkout' || !/^\d{1,7}(\.\d{1,2})?$/.test(String(request.amount || '')) || !/^[A-Z]{3}$/.test(String(request.currency || ''))) {
            return Promise.reject(error('PAYPAL_INVALID_PAYMENT_OPTION', 'PayPal checkout needs flow "checkout", an amount and a currency.'));
          }
          var channel = uid();
          var url = ORIGIN + '/paypal/checkout?' + ['authorization=' + encodeURIComponent(theClient.authorization), 'amount=' + encodeURIComponent(Number(request.amount).toFixed(2)), 'currency=' + encodeURIComponent(request.currency), 'origin=' + encodeURIComponent(location.origin), 'channel=' + channel].join('&');
          var popup = window.open(url, 'braintree_paypal_popup', 'popup,width=480,height=640');
          if (!popup) return Promise.reject(error('PAYPAL_POPUP_OPEN_FAILED', 'PayPal popup failed to open, make sure to tokenize in response to a user action.'));
          return new Promise(function (resolve, reject) {
            var settled = false;
            function finish(fn, value) { if (settled) return; settled = true; window.removeEventListener('message', onMessage); clearInterval(poll); fn(value); }
            function onMessage(event) {
              if (event.origin !== ORIGIN || event.source !== popup) return;
              var d = event.data;
              if (!d || d.channel !== channel || d.type !== 'paypal') return;
              if (d.status !== 'approved') return finish(reject, error('PAYPAL_POPUP_CLOSED', 'Customer closed PayPal popup before authorizing.'));
              settled = true;
              window.removeEventListener('message', onMessage);
              clearInterval(poll);
              post('/client/v1/paypal/tokenize', { authorization: theClient.authorization, paymentId: d.paymentId, payerId: d.payerId }).then(resolve, reject);
            }
            window.addEventListener('message', onMessage);
            var poll = setInterval(function () { if (popup.closed) finish(reject, error('PAYPAL_POPUP_CLOSED', 'Customer closed PayPal popup before authorizing.')); }, 400);
          });
        },
        teardown: function () { return Promise.resolve(); }
      });
    }
  };

  var applePay = {
    create: function (options) {
      var theClient;
      try { theClient = needsClient(options); } catch (e) { return Promise.reject(e); }
      if (!window.ApplePaySession) return Promise.reject(error('APPLE_PAY_NOT_ENABLED', 'Apple Pay is not available in this browser.'));
      return Promise.resolve({
        createPaymentRequest: function (request) {
          var out = { countryCode: 'NZ', currencyCode: 'NZD', merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa', 'masterCard', 'amex'] };
          for (var k in request) out[k] = request[k];
          return out;
        },
        performValidation: function (options) {
          return post('/client/v1/apple-pay/merchant-session', { authorization: theClient.authorization, validationURL: String(options && options.validationURL || ''), displayName: String(options && options.displayName || ''), domainName: location.hostname });
        },
        tokenize: function (options) {
          return post('/client/v1/apple-pay/tokenize', { authorization: theClient.authorization, token: options && options.token });
        },
        teardown: function () { return Promise.resolve(); }
      });
    }
  };

  window.braintree = { __standIn: true, VERSION: VERSION, client: client, hostedFields: hostedFields, paypal: paypal, applePay: applePay };
})();
`;
