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

function selects(set: SelectionSetNode | undefined, names: ReadonlySet<string>, info: GraphQLResolveInfo): boolean {
  return (set?.selections ?? []).some((node) => {
    if (!included(node, info)) return false;
    if (node.kind === Kind.FIELD) return names.has(node.name.value);
    if (node.kind === Kind.INLINE_FRAGMENT) return selects(node.selectionSet, names, info);
    return selects(info.fragments[node.name.value]?.selectionSet, names, info);
  });
}

/**
 * Whether the query asks the current field for any of `names` directly under it (through fragments, honouring
 * @skip/@include), so a resolver can leave out work nobody asked for, like counting a large list.
 */
export function selectsAnyOf(info: GraphQLResolveInfo, names: readonly string[]): boolean {
  const wanted = new Set(names);
  return info.fieldNodes.some((node) => selects(node.selectionSet, wanted, info));
}
