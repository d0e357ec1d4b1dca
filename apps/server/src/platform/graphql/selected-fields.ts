import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentSpreadNode,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';

type Selection = FieldNode | FragmentSpreadNode | InlineFragmentNode;

function included(node: Selection, info: GraphQLResolveInfo): boolean {
  const vars = info.variableValues;
  if (getDirectiveValues(GraphQLSkipDirective, node, vars)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, vars)?.if !== false;
}

/** The fields selected directly in `set`, through fragments, leaving out what @skip/@include leave out. */
function fieldsOf(set: SelectionSetNode | undefined, info: GraphQLResolveInfo): FieldNode[] {
  return (set?.selections ?? []).flatMap((node) => {
    if (!included(node, info)) return [];
    if (node.kind === Kind.FIELD) return [node];
    if (node.kind === Kind.INLINE_FRAGMENT) return fieldsOf(node.selectionSet, info);
    return fieldsOf(info.fragments[node.name.value]?.selectionSet, info);
  });
}

/**
 * Whether the query asks, under the current field and along `path` (e.g. ['edges', 'node']), for any of `names`,
 * so a resolver can leave out work nobody asked for, like counting a large list.
 */
export function selectsAnyOf(
  info: GraphQLResolveInfo,
  names: readonly string[],
  path: readonly string[] = [],
): boolean {
  let level = info.fieldNodes;
  for (const step of path)
    level = level.flatMap((node) => fieldsOf(node.selectionSet, info).filter((f) => f.name.value === step));
  return level.some((node) => fieldsOf(node.selectionSet, info).some((f) => names.includes(f.name.value)));
}
