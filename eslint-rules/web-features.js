// ESLint rule: the web app's features stay apart (docs/architecture.md "Layers"). A file under
// src/web/features/<a>/ imports from its own feature, the shared web folders (components, app,
// api, testing) and src/domain; from another feature only its index.ts. src/web/components and
// src/web/api import no feature.
export const webFeatures = {
  rules: {
    boundaries: {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          feature:
            "{{from}} may not import {{target}}: a feature imports its own files, src/web/components, app, api, testing and src/domain, and from another feature only its index.ts. Move what both need to src/web/components (a widget), src/web/app (app-wide state) or src/web/api, or export it from the other feature's index.ts if it embeds that feature's screen.",
          layer:
            '{{from}} may not import {{target}}: src/web/components and src/web/api are shared by every feature and import none.',
        },
      },
      create(context) {
        const file = context.filename.replaceAll('\\', '/');
        const webAt = file.lastIndexOf('/src/web/');
        if (webAt < 0) return {};
        const web = file.slice(0, webAt + '/src/web/'.length);
        /** 'features/<name>' for a feature's files, else the top folder under src/web. */
        const zoneOf = (relative) => {
          const [top, feature] = relative.split('/');
          return top === 'features' ? `features/${feature}` : top;
        };
        const from = zoneOf(file.slice(web.length));
        const SHARED = new Set(['components', 'app', 'api', 'testing']);
        const check = (node) => {
          const specifier = node.source?.value;
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const target = decodeURIComponent(new URL(specifier, `file://${file}`).pathname);
          if (!target.startsWith(web)) return; // src/domain and the rest: the rules above
          const relative = target.slice(web.length).replace(/\.tsx?$/, '');
          const zone = zoneOf(relative);
          const report = (messageId) =>
            context.report({
              node: node.source,
              messageId,
              data: { from, target: relative },
            });
          if (from.startsWith('features/')) {
            const publicEntry = relative === zone || relative === `${zone}/index`;
            if (zone !== from && !SHARED.has(zone) && !publicEntry) report('feature');
          } else if ((from === 'components' || from === 'api') && zone.startsWith('features/')) {
            report('layer');
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
