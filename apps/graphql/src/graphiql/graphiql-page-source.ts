/**
 * The GraphiQL page's own script and styles, served as files (the page's CSP allows no inline
 * script or style). They are kept here as text, not as files beside this one, because the app is
 * bundled into one main.js for production and would not find files of its source folder.
 *
 * The script renders GraphiQL with a fetcher that sends the Token field as
 * `Authorization: Bearer` and the Account field as `X-Service-Account` (SPEC.md "GraphQL API
 * authentication"). The token stays in the page's memory: nothing stores it. Without a token the
 * fetcher answers an error itself instead of calling the endpoint for a certain 401.
 */
export const GRAPHIQL_PAGE_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('graphiql-access');
  var tokenField = document.getElementById('graphiql-token');
  var accountField = document.getElementById('graphiql-account');
  var endpoint = document.body.getAttribute('data-endpoint');

  function answerOf(response) {
    return response.text().then(function (text) {
      try {
        return JSON.parse(text);
      } catch (error) {
        return { errors: [{ message: 'HTTP ' + response.status + ': ' + text }] };
      }
    });
  }

  function fetcher(params, options) {
    var token = tokenField.value.trim();
    if (!token) {
      return Promise.resolve({ errors: [{ message: 'Enter a personal access token or an OAuth access token in the Token field, then press Use.' }] });
    }
    var headers = Object.assign({}, options && options.headers, {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: 'Bearer ' + token,
    });
    var account = accountField.value.trim();
    if (account) headers['x-service-account'] = account;
    return fetch(endpoint, { method: 'POST', headers: headers, body: JSON.stringify(params), credentials: 'omit' }).then(answerOf);
  }

  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  var generation = 0;
  function render() {
    // A new key makes GraphiQL fetch the schema again, with the new token and account.
    root.render(React.createElement(GraphiQL, { key: generation, fetcher: fetcher, defaultQuery: '{\\n  me {\\n    id\\n    name\\n  }\\n}\\n' }));
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    generation += 1;
    render();
  });
  render();
})();
`;

export const GRAPHIQL_PAGE_STYLES = `html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
#graphiql-access { display: flex; gap: 1rem; align-items: center; padding: 0.5rem 1rem; border-bottom: 1px solid #ddd; }
#graphiql-access label { display: flex; gap: 0.4rem; align-items: center; font-size: 0.9rem; }
#graphiql-access input { font: inherit; padding: 0.25rem 0.4rem; min-width: 16rem; }
#graphiql { flex: 1; min-height: 0; }
`;
